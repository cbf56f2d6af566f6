// Reasons and other text people type may or may not end a sentence themselves; a second full stop
// after theirs ("odometer.. Edit it") reads as a typo in our own words.
const ENDS_A_SENTENCE = /[.!?…]["'”’)\]]*$/;

/** The text as a sentence: trimmed, with a full stop unless it already ends with one (or '!', '?'). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return !trimmed || ENDS_A_SENTENCE.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "Rejected: <reason>. <next>" or, without a reason, "Rejected. <next>". */
export function withReason(lead: string, reason: string | null | undefined, next: string): string {
  const stated = reason?.trim();
  return stated ? `${lead}: ${asSentence(stated)} ${next}` : `${lead}. ${next}`;
}

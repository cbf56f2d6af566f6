/**
 * A message asking for money up front is how most marketplace scams end. Such a message gets a
 * one-line tip beside it for the buyer; it is never blocked (a real seller may share an account
 * number after an inspection, and the tip says nothing against them).
 */
export const CHAT_SAFETY_TIP = 'Never pay a deposit or send money before you have seen the car and its papers.';

const PAYMENT_WORDS = /\b(?:deposits?|pay(?:ment)?\s+(?:first|before|upfront|up\s+front|now|in\s+advance)|transfer|send\s+(?:the\s+|me\s+)?money|account\s+(?:number|no\b|details)|acct\b|bank\s+details|upfront|advance\s+payment|commitment\s+fee|hold\s+(?:it|the\s+car)\s+for\s+you)/i;
/** Runs of digits, allowing the spaces and dashes people type inside numbers. */
const DIGIT_RUNS = /\+?\d[\d -]*\d/g;

/** A Nigerian bank account number (NUBAN) is 10 digits; a phone number has 11 (0803…) or +234 and 10. */
function hasAccountNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUNS)) {
    const digits = run.replace(/\D/g, () => '');
    if (digits.length === 10 && !run.startsWith('+')) return true;
  }
  return false;
}

/** Whether a chat message shows the buyer the safety tip. */
export function needsSafetyTip(text: string): boolean {
  return PAYMENT_WORDS.test(text) || hasAccountNumber(text);
}

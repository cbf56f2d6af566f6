import { CONTACT_TOPIC_LABELS, type ContactTopic } from '@voltmarket/domain';
import { escapeHtml, mailLayout } from '../mail/html.js';
import type { OutgoingMail } from '../mail/mail-ports.js';

/**
 * The acknowledgement a Contact Us sender gets. Anyone can type any address into the form, so the
 * mail repeats nothing the sender typed (not their name, not their words): the form cannot be used
 * to send someone else a message of one's own through Voltmarket.
 */
export function contactAcknowledgementMail(input: { id: number; to: string; topic: ContactTopic; publicUrl: string }): OutgoingMail {
  const reference = `#${input.id}`;
  const topic = CONTACT_TOPIC_LABELS[input.topic];
  const help = `${input.publicUrl}/help`;
  const safety = `${input.publicUrl}/safety`;
  const lines = [
    `We have received your message to Voltmarket (${reference}, about: ${topic}).`,
    'A member of our support team will read it and answer you at this address. Replying to this email is not needed.',
    'If you did not write to us, you can ignore this email.',
  ];
  return {
    key: `contact-ack-${input.id}`,
    to: input.to,
    kind: 'contact-ack',
    subject: `We have your message (${reference})`,
    headers: {},
    text: `${lines.join('\n\n')}\n\nHelp Center: ${help}\nSafety Tips: ${safety}\n`,
    html: mailLayout({
      preheader: `We have received your message (${reference}).`,
      content: lines.map((l) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(l)}</p>`).join(''),
      footer: `<a href="${escapeHtml(help)}" style="color:#5b6663">Help Center</a> · <a href="${escapeHtml(safety)}" style="color:#5b6663">Safety Tips</a>`,
    }),
  };
}

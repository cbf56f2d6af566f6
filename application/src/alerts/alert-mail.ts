import { type AlertKind, alertLine, naira, preview } from '@voltmarket/domain';
import { escapeHtml, mailLayout } from '../mail/html.js';
import type { OutgoingMail } from '../mail/mail-ports.js';
import type { DigestEntry, DigestPeriod, MatchedListing } from './alert-ports.js';

/** Where an alert email's links lead, and how it may be stopped. */
export interface MailLinks {
  /** The site's address, without a trailing slash: "https://voltmarket.ng". */
  publicUrl: string;
  /** The signed token that pauses the saved searches the email is about. */
  unsubscribeToken: string;
}

const listingUrl = (links: MailLinks, id: number) => `${links.publicUrl}/vehicles/${id}`;
const imageUrl = (links: MailLinks, path: string) => (/^https?:\/\//.test(path) ? path : `${links.publicUrl}${path}`);
const unsubscribePage = (links: MailLinks, token: string) => `${links.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
const manageUrl = (links: MailLinks) => `${links.publicUrl}/profile?tab=saved-searches`;

/** RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to this address. */
function unsubscribeHeaders(links: MailLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.publicUrl}/api/saved-searches/unsubscribe?token=${encodeURIComponent(links.unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const priceText = (listing: MatchedListing, alert: AlertKind) =>
  alert.kind === 'drop' ? `now ${naira(listing.price)}, was ${naira(alert.was)}` : naira(listing.price);

/** One listing as a block of an email: photo, title, price, city and a link. */
function listingHtml(links: MailLinks, listing: MatchedListing, alert: AlertKind): string {
  const href = escapeHtml(listingUrl(links, listing.id));
  const photo = listing.imageUrl
    ? `<a href="${href}"><img src="${escapeHtml(imageUrl(links, listing.imageUrl))}" alt="" width="520" style="display:block;width:100%;max-width:520px;height:auto;border-radius:6px;margin:0 0 8px"></a>`
    : '';
  const price = alert.kind === 'drop'
    ? `<strong>${escapeHtml(naira(listing.price))}</strong> <span style="color:#5b6663">(was <s>${escapeHtml(naira(alert.was))}</s>)</span>`
    : `<strong>${escapeHtml(naira(listing.price))}</strong>`;
  return `<div style="margin:0 0 20px">${photo}
<p style="margin:0 0 4px;font-size:16px"><a href="${href}" style="color:#1c2321;text-decoration:none;font-weight:bold">${escapeHtml(listing.title)}</a></p>
<p style="margin:0 0 8px;font-size:15px">${price} · ${escapeHtml(listing.location)}</p>
<a href="${href}" style="display:inline-block;background:#0f7a4a;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-size:14px">View listing</a>
</div>`;
}

function footers(links: MailLinks, why: string, stop: string): { text: string; html: string } {
  const page = unsubscribePage(links, links.unsubscribeToken);
  return {
    text: `${why}\n${stop}: ${page}\nManage your saved searches: ${manageUrl(links)}`,
    html: `${escapeHtml(why)}<br><a href="${escapeHtml(page)}" style="color:#5b6663">${escapeHtml(stop)}</a> · <a href="${escapeHtml(manageUrl(links))}" style="color:#5b6663">Manage your saved searches</a>`,
  };
}

/** The email of an instant alert: one listing, for one saved search. */
export function instantAlertMail(input: {
  key: string; to: string; searchName: string; listing: MatchedListing; alert: AlertKind; links: MailLinks;
}): OutgoingMail {
  const { listing, alert, links, searchName } = input;
  const title = preview(listing.title, 70);
  const subject = alert.kind === 'drop'
    ? `Price drop: ${title}, now ${naira(listing.price)} (was ${naira(alert.was)})`
    : `New match: ${title}, ${naira(listing.price)} in ${listing.location}`;
  const intro = alert.kind === 'drop'
    ? `A listing that matches your saved search "${searchName}" is cheaper now.`
    : `A new listing matches your saved search "${searchName}".`;
  const foot = footers(links, 'You get this email because you saved this search on Voltmarket and asked to be told at once.', 'Stop alerts for this search');
  return {
    key: input.key,
    to: input.to,
    kind: 'alert',
    subject,
    headers: unsubscribeHeaders(links),
    text: `${intro}\n\n${listing.title}\n${priceText(listing, alert)} · ${listing.location}\nView it: ${listingUrl(links, listing.id)}\n\n--\n${foot.text}\n`,
    html: mailLayout({
      preheader: alertLine(listing, alert),
      content: `<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>${listingHtml(links, listing, alert)}`,
      footer: foot.html,
    }),
  };
}

/** One section of a digest: a saved search, its new matches, and a link that stops that search alone. */
export interface DigestSection {
  searchName: string;
  entries: DigestEntry[];
  /** Matches beyond those listed, seen on Browse through `browsePath`. */
  more: number;
  browsePath: string;
  /** Token pausing this saved search only. */
  unsubscribeToken: string;
}

/** The daily or weekly digest: every new match of the buyer's saved searches of that period, by search. */
export function digestMail(input: { key: string; to: string; period: DigestPeriod; sections: DigestSection[]; links: MailLinks }): OutgoingMail {
  const { links, sections, period } = input;
  const count = sections.reduce((n, s) => n + s.entries.length + s.more, 0);
  const matches = `${count} new ${count === 1 ? 'match' : 'matches'}`;
  const subject = `Your ${period} Voltmarket alerts: ${matches}`;
  const intro = `Here is what matched your saved searches since your last ${period} email.`;
  const foot = footers(links, `You get this email because you saved searches on Voltmarket and asked for a ${period} email.`, 'Stop all these alerts');
  const textSections = sections.map((s) => [
    `${s.searchName} (${s.entries.length + s.more})`,
    ...s.entries.map((e) => `- ${e.listing.title}: ${priceText(e.listing, e.alert)} · ${e.listing.location}\n  ${listingUrl(links, e.listing.id)}`),
    ...(s.more > 0 ? [`…and ${s.more} more: ${links.publicUrl}${s.browsePath}`] : []),
    `Stop alerts for this search: ${unsubscribePage(links, s.unsubscribeToken)}`,
  ].join('\n'));
  const htmlSections = sections.map((s) => `<h2 style="margin:0 0 12px;font-size:17px">${escapeHtml(s.searchName)} <span style="color:#5b6663;font-weight:normal">(${s.entries.length + s.more})</span></h2>
${s.entries.map((e) => listingHtml(links, e.listing, e.alert)).join('\n')}
${s.more > 0 ? `<p style="margin:0 0 12px"><a href="${escapeHtml(`${links.publicUrl}${s.browsePath}`)}" style="color:#0f7a4a">…and ${s.more} more on Voltmarket</a></p>` : ''}
<p style="margin:0 0 24px;font-size:12px"><a href="${escapeHtml(unsubscribePage(links, s.unsubscribeToken))}" style="color:#5b6663">Stop alerts for this search</a></p>`);
  return {
    key: input.key,
    to: input.to,
    kind: 'digest',
    subject,
    headers: unsubscribeHeaders(links),
    text: `${intro}\n\n${textSections.join('\n\n')}\n\n--\n${foot.text}\n`,
    html: mailLayout({
      preheader: `${matches} for your saved searches`,
      content: `<p style="margin:0 0 16px;font-size:15px">${escapeHtml(intro)}</p>${htmlSections.join('\n')}`,
      footer: foot.html,
    }),
  };
}

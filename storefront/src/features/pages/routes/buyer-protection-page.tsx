import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

/*
 * What Voltmarket does for buyers, and what it does not. Every promise here is a rule in
 * docs/trust-and-safety.md: change both together.
 */
export function Component() {
  usePageTitle('Buyer Protection');
  return (
    <div className="page page--narrow prose">
      <h1>Buyer Protection</h1>
      <p className="lead">What Voltmarket does to keep scams and misleading listings off the site, and what it does not do.</p>

      <h2>What we do</h2>
      <ul>
        <li><strong>Every listing is reviewed by our staff before it goes live.</strong> A new listing is visible only to its seller until a moderator approves it; listings that do not meet our standards are turned away with a reason.</li>
        <li><strong>Edits to live listings are reviewed again</strong>: a new title, description or photos, or a price changed by more than a fifth, waits for a moderator while buyers keep seeing the approved version.</li>
        <li><strong>Reports from buyers are reviewed by staff</strong>, who can take a listing down, warn or suspend a seller; the person who reported hears what we decided.</li>
        <li><strong>Verified phone numbers and verified dealers</strong>: a badge shows which sellers have proved their number, and which are dealers we have checked.</li>
        <li><strong>Reused-photo and too-good-price checks</strong> flag listings for our moderators: photos already used in another listing, and prices far below similar cars.</li>
        <li><strong>Limits on who can collect sellers&apos; phone numbers</strong>: a seller&apos;s phone is shown only to signed-in members who tap “Show phone”: at most 20 listings a day per account (3 for a guest account) and 30 per network address, and sellers see who asked.</li>
        <li><strong>Listings expire after 60 days</strong> unless the seller renews them, so what you find is still for sale.</li>
        <li><strong>Reviews come only from real dealings</strong>: a completed rental, or a conversation the seller answered.</li>
        <li><strong>Payments for boosts go through Paystack</strong>, and are confirmed by Paystack, never by the browser. Sellers who are unhappy with a boost can ask for a refund within the 7-day satisfaction guarantee.</li>
      </ul>

      <h2>What we do not do</h2>
      <ul>
        <li><strong>Voltmarket does not hold buyers&apos; money.</strong> You pay the seller directly; we do not offer escrow, and nobody may take payment for a car in our name.</li>
        <li><strong>Voltmarket does not guarantee a car.</strong> We review listings, but we do not inspect vehicles, their batteries or their papers. Inspect before you pay: see <Link to="/safety">Safety Tips</Link>.</li>
        <li>We are not a party to the sale or the rental: the agreement is between you and the seller or owner.</li>
      </ul>

      <h2>If something goes wrong</h2>
      <p>
        Tell us through <Link to="/contact?topic=report">Contact Us</Link> (choose &quot;Report a problem&quot;, and paste the listing&apos;s link). Our staff read every message.
        If you have lost money, report it to the police as well.
      </p>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

/*
 * What Voltmarket stores about people, why, for how long, and how to have it deleted. Keep it true
 * to what is stored: change it with the schema.
 */
export function Component() {
  usePageTitle('Privacy');
  return (
    <div className="page page--narrow prose">
      <h1>Privacy</h1>
      <p className="lead">
        What we keep about you, why, for how long, and how to have it deleted. We handle personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the Nigeria Data
        Protection Regulation (NDPR).
      </p>

      <h2>What we store</h2>
      <ul>
        <li><strong>Your account</strong>: your email address, your name and phone number if you give them, how you sign in (we use Firebase Authentication; we never see your password), and your role.</li>
        <li><strong>Your listings</strong>: what you write about a vehicle, its price and city, and the photos you upload.</li>
        <li><strong>Messages</strong>: chats with buyers and sellers, Contact Seller inquiries (with the name, email and phone given in them), and messages you send us through Contact Us.</li>
        <li><strong>Your activity on the site</strong>: saved listings, saved searches and their alerts, reviews you write, rental requests and bookings, notifications, and counts of views of listings.</li>
        <li><strong>Payments</strong>: for boosts, the payment reference, amount and outcome that Paystack reports. Card and bank details go to Paystack, never to us.</li>
        <li>
          <strong>Network addresses, for limits</strong>: to stop spam and abuse we count requests per network address for up to an hour in the server&apos;s memory.
          {' '}Where a limit needs to last longer, such as how often a seller&apos;s phone number is shown, we store a hash of the address, not the address itself.
        </li>
      </ul>

      <h2>Why</h2>
      <p>
        To run the marketplace you use: show your listings, deliver your messages and alerts, take payments for boosts, review listings and keep scams off the site. We do not sell your data.
        A seller&apos;s phone and email are shown to signed-in people on their listings, so buyers can reach them.
      </p>

      <h2>Who else handles it</h2>
      <ul>
        <li>Firebase Authentication (Google) for sign-in.</li>
        <li>Paystack for payments.</li>
        <li>Our email provider, to send you alerts and answers.</li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, listings, messages and reviews: for as long as your account exists, or until you ask us to delete them.</li>
        <li>A listing marked sold stays readable, marked Sold and without contact buttons, and its price counts in market prices for 12 months.</li>
        <li>Payment records and the record of what our staff did: as long as we need them for accounting, refunds and disputes, even after your account is deleted.</li>
        <li>Live notifications sent to open tabs: a few days, then removed.</li>
      </ul>

      <h2>Your rights, and deleting your data</h2>
      <p>
        You may ask for a copy of your data, ask us to correct it, or ask us to delete your account and what you posted. Write to us through{' '}
        <Link to="/contact?topic=privacy">Contact Us</Link> and choose &quot;Data and privacy&quot;. If you are signed in, we answer at your account&apos;s email address, which is how we
        know the request is yours. We will tell you by email when it is done, and what we had to keep and why.
      </p>
      <p>You may also complain to the Nigeria Data Protection Commission (NDPC).</p>
    </div>
  );
}

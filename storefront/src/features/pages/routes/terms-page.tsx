import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

/** Terms of Use: the rules of the marketplace, in plain words. */
export function Component() {
  usePageTitle('Terms of Use');
  return (
    <div className="page page--narrow prose">
      <h1>Terms of Use</h1>
      <p className="lead">By using Voltmarket you agree to these terms. They are short; please read them.</p>

      <h2>What Voltmarket is</h2>
      <p>
        Voltmarket is a marketplace where people and dealers list electric vehicles for sale or rent in Nigeria, and buyers and renters find them. We are not the seller, the buyer, the
        owner or the renter: a sale or a rental is an agreement between the people who make it. We do not hold money for them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give true details, keep your sign-in to yourself, and tell us through <Link to="/contact?topic=account">Contact Us</Link> if someone else has used your account.</li>
        <li>You are responsible for what is done with your account.</li>
      </ul>

      <h2>Listings</h2>
      <ul>
        <li>List only vehicles you own or may sell or rent out, that exist and are available, at the price you will actually accept, in naira.</li>
        <li>Use your own photos of the vehicle, and describe it honestly, including faults, accident damage and the state of its battery.</li>
        <li>Every listing is reviewed before it goes live. Our staff may reject, take down or delete a listing that breaks these terms or looks misleading, and may suspend an account.</li>
        <li>Mark a vehicle sold when it is sold.</li>
      </ul>

      <h2>Things you must not do</h2>
      <ul>
        <li>Ask for deposits or payments for vehicles a buyer has not inspected, or pretend to be Voltmarket, a dealer or someone else.</li>
        <li>Post stolen, smuggled or uncleared vehicles, or papers that are not genuine.</li>
        <li>Send spam, collect other people&apos;s contact details, or use the site with scripts that overload it.</li>
        <li>Harass, threaten or deceive anyone in chats, inquiries or reviews.</li>
      </ul>

      <h2>Boosts and payments</h2>
      <ul>
        <li>Boost packages are paid through Paystack at the price shown on the <Link to="/advertise">Advertise</Link> page. A boost starts when Paystack confirms the payment.</li>
        <li>Within 7 days of paying, you may ask for a refund under our satisfaction guarantee; a refunded boost ends at once.</li>
        <li>A boost makes a listing easier to find; it does not mean we vouch for the listing or the seller.</li>
      </ul>

      <h2>Rentals and reviews</h2>
      <ul>
        <li>A rental request is an offer to the owner; it is agreed when the owner confirms it. Payment, deposit and handover are between renter and owner.</li>
        <li>Reviews must be honest and about a real dealing. Staff may hide a review that breaks these terms.</li>
      </ul>

      <h2>Our responsibility</h2>
      <p>
        We work to keep scams and misleading listings off Voltmarket (see <Link to="/buyer-protection">Buyer Protection</Link>), but we do not inspect vehicles and do not guarantee
        any vehicle, listing, seller or buyer. As far as the law allows, we are not liable for losses from dealings between users.
      </p>

      <h2>Changes and the law</h2>
      <p>
        We may change these terms; the version on this page is the one that applies. These terms are governed by the laws of the Federal Republic of Nigeria. How we handle your data is
        in our <Link to="/privacy">Privacy</Link> notice. Questions: <Link to="/contact">Contact Us</Link>.
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

interface Question {
  q: string;
  a: ReactNode;
}

/*
 * The Help Center's questions, by subject. Every answer describes what the product does: change the
 * answer with the behaviour (docs/trust-and-safety.md has the rules behind the safety answers).
 */
const SECTIONS: { id: string; title: string; questions: Question[] }[] = [
  {
    id: 'selling',
    title: 'Selling',
    questions: [
      { q: 'How do I list a vehicle?', a: <>Sign in, choose <Link to="/create-listing">List Your Vehicle</Link>, fill in the details and upload your own photos. Your listing goes to our moderators before buyers can see it.</> },
      { q: 'Where do I see my listings?', a: <>In <Link to="/profile">Profile</Link> → Listings: each listing&apos;s status, the reason if one was turned away, how many people saved it, its inquiries and its insights.</> },
      { q: 'I sold my vehicle. What now?', a: 'Mark it as sold in Profile → Listings. It leaves Browse at once; its page stays, marked Sold, and chats already open go on.' },
      { q: 'Do listings expire?', a: 'Yes: a listing expires 60 days after it goes live, so buyers see vehicles that are still for sale. We remind you 3 days before; renew it in one tap from Profile → My Listings, before or after it expires. A listing with a boost still running stays live until the boost ends.' },
    ],
  },
  {
    id: 'moderation',
    title: 'Moderation',
    questions: [
      { q: 'Why is my listing pending?', a: 'Every new listing is reviewed by our staff before it goes live. While it waits, only you can see it.' },
      { q: 'Why was my listing rejected?', a: 'The moderator gives a reason, shown with the listing in Profile → Listings. Fix what it says and edit the listing: it goes back for review.' },
      { q: 'I edited a live listing. Why is the change not showing?', a: 'Changes to the title, description, photos, make, model, year, location or VIN, a price change of more than a fifth, a lower mileage or a better battery health are checked by a moderator first: buyers keep seeing the approved version, and your listing says “Changes waiting for review”. Other changes (a small price change, range, charging, phone, rental terms) apply at once.' },
      { q: 'What does Verified mean?', a: 'A listing marked Verified has been reviewed and approved by our staff. It does not mean we inspected the vehicle: always inspect before you pay.' },
    ],
  },
  {
    id: 'boosts',
    title: 'Boosts and payments',
    questions: [
      { q: 'What is a boost?', a: <>A paid package that shows your listing in the labelled promoted places of search results. The packages and prices are on the <Link to="/advertise">Advertise</Link> page; you can see your listing&apos;s impressions in its insights.</> },
      { q: 'How do I pay?', a: 'Through Paystack, by card, bank transfer or mobile money. The boost starts once Paystack confirms the payment, not when the browser comes back.' },
      { q: 'My payment went through but the boost has not started.', a: 'We check pending payments with Paystack for up to 24 hours. If it still shows pending after that, write to us with the payment reference.' },
      { q: 'Can I get a refund?', a: <>Within 7 days of paying, under our satisfaction guarantee. Ask through <Link to="/contact?topic=payment">Contact Us</Link>; a refunded boost ends at once.</> },
    ],
  },
  {
    id: 'rentals',
    title: 'Rentals',
    questions: [
      { q: 'How does renting work?', a: <>Pick a vehicle on <Link to="/rent">Rent</Link>, choose your dates and send a request: you see the price before you ask. The owner confirms or declines.</> },
      { q: 'How long does the owner have to answer?', a: 'A request not answered within 48 hours, or by its start day, expires, and you are told.' },
      { q: 'Can I cancel?', a: 'Yes, while the booking is pending or confirmed, from Profile → Rentals.' },
      { q: 'How do I pay for a rental?', a: 'Payment and any deposit are agreed between you and the owner; Voltmarket does not take rental payments.' },
    ],
  },
  {
    id: 'chat',
    title: 'Chat and inquiries',
    questions: [
      { q: 'How do I contact a seller?', a: 'Use Message Seller on the listing (signed in) to chat, or Contact Seller to send an inquiry with your name, email and phone; visitors can send an inquiry too.' },
      { q: 'How do I know my message was read?', a: 'One tick means sent, two ticks mean read.' },
      { q: 'Why can I not send more messages?', a: 'Messages and inquiries are limited per hour and per minute to stop spam. The message tells you when you can send again.' },
    ],
  },
  {
    id: 'reviews',
    title: 'Reviews',
    questions: [
      { q: 'Who can write a review?', a: 'After a completed rental, the renter and the owner review each other within 14 days. A buyer can review a seller who answered them about a listing, a week after the first reply or once the listing is sold.' },
      { q: 'Why can I not see the review about me yet?', a: 'Rental reviews are double-blind: both are published when both sides have written, or when the 14 days end.' },
      { q: 'Can I answer a review?', a: 'Yes, once, under the review. Staff may hide a review that breaks our terms.' },
    ],
  },
  {
    id: 'safety',
    title: 'Safety',
    questions: [
      { q: 'How do I buy safely?', a: <>Meet in a public place, inspect the car and its papers, and pay only after inspection. Never pay a deposit to hold a car. Read our <Link to="/safety">Safety Tips</Link>.</> },
      { q: 'Does Voltmarket hold my money or guarantee the car?', a: <>No. You pay the seller directly, and we do not inspect vehicles. What we do is in <Link to="/buyer-protection">Buyer Protection</Link>.</> },
      { q: 'How do I report a listing or a seller?', a: <>Tap “Report this listing” or “Report this person” on the vehicle page and choose a reason: that sends it. Staff review every report and can take a listing down, warn or suspend a seller; we tell you what we decided in your notifications. You can also write to us through <Link to="/contact?topic=report">Contact Us</Link>.</> },
    ],
  },
  {
    id: 'account',
    title: 'Account',
    questions: [
      { q: 'How can I sign in?', a: 'With email and password, an emailed sign-in link, Google, or as a guest. You can link and unlink sign-in methods in Profile → Security.' },
      { q: 'Can I change my email address?', a: 'No: your email is how we know your account. You can change your name and phone number in Profile → Settings.' },
      { q: 'How do I delete my account or get a copy of my data?', a: <>Write to us through <Link to="/contact?topic=privacy">Contact Us</Link> and choose Data and privacy. See <Link to="/privacy">Privacy</Link>.</> },
    ],
  },
];

/** Help Center: questions people ask, opened one at a time (native details, so keyboard and screen readers work as they do everywhere). */
export function Component() {
  usePageTitle('Help Center');
  return (
    <div className="page page--narrow prose">
      <h1>Help Center</h1>
      <p className="lead">Answers to what buyers, sellers and renters ask most. Not here? <Link to="/contact">Contact Us</Link>.</p>
      <nav aria-label="Help topics">
        <ul className="help-topics">
          {SECTIONS.map((s) => (
            <li key={s.id}><a href={`#${s.id}`}>{s.title}</a></li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>{s.title}</h2>
          <div className="faq">
            {s.questions.map((item) => (
              <details key={item.q} className="card faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

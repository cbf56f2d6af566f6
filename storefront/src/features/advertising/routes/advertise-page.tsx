import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BoltIcon, ChatIcon, SearchIcon, ShieldIcon } from '../../../components/icons';
import { NumberedSteps } from '../../../components/numbered-steps';
import { usePageTitle } from '../../../components/use-page-title';
import { parseListingId } from '../../../lib/listing-id';
import { useSession } from '../../auth/session';
import { PackageCards } from '../components/package-cards';

// The chooser brings the phone rules with it: fetched when a seller opens it, not with the page.
const loadDialog = () => import('../components/purchase-dialog');
const PurchaseDialog = lazy(loadDialog);

const STATS = [
  { value: '10x', label: 'More visibility' },
  { value: '3x', label: 'Faster sales' },
  { value: '50k+', label: 'Monthly visitors' },
];

const BENEFITS = [
  { icon: <SearchIcon />, title: 'Top of search results', text: 'Boosted listings are shown before the others in Browse and on the home page.' },
  { icon: <BoltIcon />, title: 'Premium badge', text: 'A gold PREMIUM badge and frame make your listing stand out on every card.' },
  { icon: <ChatIcon />, title: 'More serious buyers', text: 'More views bring more messages and inquiries from buyers ready to pay.' },
  { icon: <ShieldIcon />, title: 'Safe payment', text: 'Pay by card, bank transfer or mobile money through Paystack. We never see your card.' },
];

const STEPS = [
  { title: 'Choose a package', text: 'Pick the boost that fits your budget: 7, 14 or 30 days.' },
  { title: 'Pick your listing and pay', text: 'Choose one of your live listings and pay securely through Paystack.' },
  { title: 'Sell faster', text: 'Your boost starts as soon as your payment is confirmed, and buyers see your listing first.' },
];

const FAQ = [
  { q: 'When does my boost start?', a: 'Payment confirmation is instant: your boost starts the moment Paystack confirms your payment, and you get a notification.' },
  { q: 'What if I am not satisfied?', a: 'Every package comes with a 7-day satisfaction guarantee. If you are not happy within 7 days of paying, contact our support team for a full refund; the boost ends when the refund is made.' },
  { q: 'Which listings can I boost?', a: 'Any of your listings that is live, that is, approved by our moderators. A listing waiting for review can be boosted once it is approved.' },
  { q: 'Can I extend a boost?', a: 'Yes. Buy another package for the same listing and its days are added to the running boost. A higher package lifts the listing to its level at once.' },
  { q: 'How do I pay?', a: 'By card, bank transfer or mobile money through Paystack. Payment instructions are sent to you by SMS/Email.' },
];

export function Component() {
  usePageTitle('Advertise');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  // `?vehicle=41&package=premium` (the Profile's Boost button) opens the chooser on that listing.
  const requestedVehicle = parseListingId(params.get('vehicle') ?? undefined);
  const requestedPackage = params.get('package');
  // A payment's result (its own `vehicle` parameter) shows alone, over the page.
  const chooserOpen = !params.has('payment') && (params.has('choose') || requestedVehicle !== null);

  const open = (packageType?: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('choose', '1');
        if (packageType) next.set('package', packageType);
        return next;
      },
      { replace: true },
    );
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['choose', 'vehicle', 'package']) next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <h1>Sell your EV faster</h1>
          <p className="hero__lead">Boost your listing to the top of Voltmarket and reach thousands of buyers across Nigeria looking for their next electric vehicle.</p>
        </div>
      </section>

      <section className="stats" aria-label="What a boost does">
        <ul className="stats__list">
          {STATS.map((s) => (
            <li key={s.label} className="stats__item">
              <p className="stats__value">{s.value}</p>
              <p className="stats__label small">{s.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Why advertise with Voltmarket?</h2>
        <div className="why__grid">
          {BENEFITS.map((b) => (
            <div key={b.title} className="card why__item">
              <span className="why__icon">{b.icon}</span>
              <h3 className="h4">{b.title}</h3>
              <p className="muted">{b.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="page" aria-labelledby="packages-heading">
        <h2 id="packages-heading">Choose your package</h2>
        <PackageCards onChoose={open} />
      </section>

      <NumberedSteps id="how-heading" title="How it works" steps={STEPS} />

      <section className="page" aria-labelledby="results-heading">
        <h2 id="results-heading">Proven results</h2>
        <div className="card results">
          <p className="results__figure"><strong>3x</strong> <span className="muted">faster sales for boosted listings</span></p>
          <blockquote className="results__quote">
            <p>“I boosted my Hyundai Kona with Premium Spotlight and had three serious buyers calling within a week. It sold in nine days.”</p>
            <footer className="muted small">Chinedu A., Lagos (sample testimonial)</footer>
          </blockquote>
        </div>
      </section>

      <section className="page page--narrow" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <div className="faq">
          {FAQ.map((item) => (
            <details key={item.q} className="card faq__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="cta">
        <h2>Ready to sell faster?</h2>
        <p>Boost your listing today and get in front of more buyers.</p>
        <div className="cta__actions">
          {session.status === 'signedIn' ? (
            <button type="button" className="btn btn--light" onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()} onClick={() => open()}>
              Boost a Listing
            </button>
          ) : session.status === 'signedOut' ? (
            <Link to="/auth?redirect=%2Fadvertise" className="btn btn--light">Sign In</Link>
          ) : null}
        </div>
      </section>

      {chooserOpen && (
        <Suspense fallback={null}>
          <PurchaseDialog initialPackage={requestedPackage} initialVehicleId={requestedVehicle} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BoltIcon, ChatIcon, SearchIcon, ShieldIcon } from '../../../components/icons';
import { NumberedSteps } from '../../../components/numbered-steps';
import { usePageTitle } from '../../../components/use-page-title';
import { parseListingId } from '../../../lib/listing-id';
import { useSession } from '../../auth/session';
import { usePackages } from '../api/get-packages';
import { PackageCards } from '../components/package-cards';

// The chooser brings the phone rules with it: fetched when a seller opens it, not with the page.
const loadDialog = () => import('../components/purchase-dialog');
const PurchaseDialog = lazy(loadDialog);

const BENEFITS = [
  {
    icon: <SearchIcon />, title: 'Promoted spots in search',
    text: 'Every page of search results has promoted spots above the list. Boosted listings that match the buyer\'s search take turns in them, and keep their own place in the list as well. The buyer\'s chosen order is never changed.',
  },
  { icon: <BoltIcon />, title: 'A badge buyers notice', text: 'A Basic Boost shows FEATURED on your card; Premium Spotlight and Ultimate Exposure show a gold PREMIUM badge and frame.' },
  { icon: <ChatIcon />, title: 'See what it gives you', text: 'Profile → Listings shows how often each listing was shown in the last 7 days, and how many of those times were in promoted spots.' },
  { icon: <ShieldIcon />, title: 'Safe payment', text: 'Pay by card, bank transfer or mobile money through Paystack. We never see your card.' },
];

const STEPS = [
  { title: 'Choose a package', text: 'Pick the boost that fits your budget: 7, 14 or 30 days.' },
  { title: 'Pick your listing and pay', text: 'Choose one of your live listings and pay securely through Paystack.' },
  { title: 'Take your turns', text: 'Your boost starts as soon as your payment is confirmed, and your listing takes its turns in the promoted spots of matching searches.' },
];

const FAQ = [
  { q: 'When does my boost start?', a: 'Payment confirmation is instant: your boost starts the moment Paystack confirms your payment, and you get a notification.' },
  {
    q: 'Will my listing be at the top of every search?',
    a: 'No listing is. Each page of results has a few promoted spots, and the boosted listings that match the search take turns in them, whatever their age: a Premium Spotlight gets 4 times the turns of a Basic Boost, an Ultimate Exposure 9 times. Below the spots, buyers see the order they chose, with your listing at its own place.',
  },
  { q: 'What does "2x visibility" mean?', a: 'Twice the impressions your listing would get in the same place without a boost (5x for Premium Spotlight, 10x for Ultimate Exposure). We measure it from what search really shows and publish what each package got in the last 7 days on this page once there is enough to measure.' },
  { q: 'What if I am not satisfied?', a: 'Every package comes with a 7-day satisfaction guarantee. If you are not happy within 7 days of paying, contact our support team for a full refund; the boost ends when the refund is made.' },
  { q: 'Which listings can I boost?', a: 'Any of your listings that is live, that is, approved by our moderators. A listing waiting for review can be boosted once it is approved.' },
  { q: 'Can I extend a boost?', a: 'Yes. Buy another package for the same listing: the same or a smaller package adds its days to the running boost; a bigger one upgrades it at once, and the days left follow at the new level.' },
  { q: 'How do I pay?', a: 'By card, bank transfer or mobile money on Paystack\'s page. Paystack emails your receipt.' },
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
          <p className="hero__lead">Boost your listing into the promoted spots of the searches that match it, and put it in front of more of the buyers looking for their next electric vehicle.</p>
        </div>
      </section>

      <VisibilityStrip />

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

/**
 * What each package sells (2x, 5x, 10x the impressions of an unboosted listing in the same place),
 * beside what the market's own impressions measured over the last days, once there are enough.
 */
function VisibilityStrip() {
  const packages = usePackages();
  if (!packages.data || packages.data.length === 0) return null;
  return (
    <section className="stats" aria-label="What a boost does">
      <ul className="stats__list">
        {packages.data.map((p) => (
          <li key={p.type} className="stats__item">
            <p className="stats__value">{p.visibility.promised}x</p>
            <p className="stats__label small">
              {p.name}: impressions against an unboosted listing in the same place
              {p.visibility.measured !== null && <><br /><strong>Measured over the last {p.visibility.days} days: {p.visibility.measured}x</strong></>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { BatteryIcon, BoltIcon, ShieldIcon, CheckIcon } from '../../../components/icons';
import { ErrorState } from '../../../components/states';
import { usePageTitle } from '../../../components/use-page-title';
import { FEATURED_COUNT, useFeaturedVehicles } from '../../vehicles/api/get-featured-vehicles';
import { VehicleCardSkeleton } from '../../vehicles/components/vehicle-card';
import { VehicleCards } from '../../vehicles/components/vehicle-cards';
import { HeroSearch } from '../components/hero-search';
import { MarketplaceStatsStrip } from '../components/marketplace-stats';

const REASONS = [
  { icon: <ShieldIcon />, title: 'Verified listings', text: 'Every listing is reviewed by our team before buyers see it.' },
  { icon: <CheckIcon />, title: 'Sellers you can reach', text: 'Chat with sellers, see their phone and email once you sign in, and meet safely.' },
  { icon: <BatteryIcon />, title: 'Built for EVs', text: 'Range, battery health and charging type on every listing, not just price.' },
  { icon: <BoltIcon />, title: 'Made for Nigeria', text: 'Prices in naira, cities across the country, and pages that load fast on mobile data.' },
];

export function Component() {
  usePageTitle(null);
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <h1>Buy, sell and rent electric vehicles in Nigeria</h1>
          <p className="hero__lead">Electric cars, trucks, motorcycles, buses and bikes, priced in naira, every listing reviewed before it goes live.</p>
          <HeroSearch />
        </div>
      </section>

      <MarketplaceStatsStrip />

      <FeaturedVehicles />

      <section className="why" aria-labelledby="why-heading">
        <div className="page">
          <h2 id="why-heading">Why choose Voltmarket?</h2>
          <div className="why__grid">
            {REASONS.map((r) => (
              <div key={r.title} className="card why__item">
                <span className="why__icon">{r.icon}</span>
                <h3 className="h4">{r.title}</h3>
                <p className="muted">{r.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="cta">
        <h2>Ready to go electric?</h2>
        <p>Find your next EV or reach buyers across Nigeria.</p>
        <div className="cta__actions">
          <Link to="/browse" className="btn btn--light">Browse Vehicles</Link>
          <Link to="/create-listing" className="btn btn--outline-light">List Your EV</Link>
        </div>
      </section>
    </>
  );
}

/** Its own component, so the listings arriving re-render this section only, not the hero and its form. */
function FeaturedVehicles() {
  const featured = useFeaturedVehicles();
  return (
    <section className="page" aria-labelledby="featured-heading">
      <div className="section-head">
        <h2 id="featured-heading">Featured Electric Vehicles</h2>
        <Link to="/browse" className="btn btn--link">
          View All Vehicles
        </Link>
      </div>
      {featured.isError ? (
        <ErrorState title="We could not load vehicles" error={featured.error} onRetry={() => void featured.refetch()} />
      ) : featured.isPending ? (
        <div className="vehicle-grid vehicle-grid--featured" aria-busy="true">
          {Array.from({ length: FEATURED_COUNT }, (_, i) => <VehicleCardSkeleton key={i} />)}
        </div>
      ) : featured.data.length === 0 ? (
        <div className="state">
          <p className="state__title">No vehicles listed yet.</p>
          <Link to="/create-listing" className="btn btn--primary">List Your EV</Link>
        </div>
      ) : (
        <div className="vehicle-grid vehicle-grid--featured">
          <VehicleCards vehicles={featured.data} />
        </div>
      )}
    </section>
  );
}

import { formatNumber } from '../../../lib/format';
import { useMyListings } from '../api/my-listings';
import { ListingRows } from './listings-tab';

export function OverviewTab() {
  const listings = useMyListings();
  const all = listings.data ?? [];
  const counters = [
    { label: 'Active listings', value: all.filter((l) => l.status === 'active').length },
    { label: 'Pending review', value: all.filter((l) => l.status === 'pending').length },
    { label: 'Total views', value: all.reduce((sum, l) => sum + l.views, 0) },
  ];
  return (
    <section className="stack" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="visually-hidden">Overview</h2>
      <div className="counters">
        {counters.map((c) => (
          <div key={c.label} className="card counter">
            <p className="counter__value">{listings.data ? formatNumber(c.value) : '–'}</p>
            <p className="counter__label">{c.label}</p>
          </div>
        ))}
      </div>
      <h3 className="h4">Recent listings</h3>
      <ListingRows query={listings} limit={3} />
    </section>
  );
}

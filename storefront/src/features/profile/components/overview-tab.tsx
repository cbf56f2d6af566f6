import { formatNumber } from '../../../lib/format';
import { useConversations } from '../../chat/api/get-conversations';
import { useSavedSearches } from '../../saved-searches/api/get-saved-searches';
import { useWishlist } from '../../wishlist/api/get-wishlist';
import { useMyListings } from '../api/my-listings';
import { ListingRows } from './listings-tab';

export function OverviewTab() {
  const listings = useMyListings();
  const conversations = useConversations();
  const wishlist = useWishlist();
  const savedSearches = useSavedSearches();
  const all = listings.data ?? [];
  const counters = [
    { label: 'Active listings', value: listings.data ? all.filter((l) => l.status === 'active').length : null },
    { label: 'Active chats', value: conversations.data ? conversations.data.length : null },
    { label: 'Wishlist items', value: wishlist.data ? wishlist.data.length : null },
    { label: 'Total views', value: listings.data ? all.reduce((sum, l) => sum + l.views, 0) : null },
    { label: 'New in saved searches', value: savedSearches.data ? savedSearches.data.items.reduce((sum, s) => sum + s.newMatches, 0) : null },
  ];
  return (
    <section className="stack" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="visually-hidden">Overview</h2>
      <div className="counters">
        {counters.map((c) => (
          <div key={c.label} className="card counter">
            <p className="counter__value">{c.value === null ? '–' : formatNumber(c.value)}</p>
            <p className="counter__label">{c.label}</p>
          </div>
        ))}
      </div>
      <h3 className="h4">Recent listings</h3>
      <ListingRows query={listings} limit={3} />
    </section>
  );
}

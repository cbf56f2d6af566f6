import { Divider, Tab, Tabs } from '@mui/material';
import { useListContext, useUnselectAll } from 'react-admin';
import type { ListingStatus } from '../data/api-types';

const TABS: { value: ListingStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'sold', label: 'Sold' },
  { value: 'expired', label: 'Expired' },
  { value: 'suspended', label: 'Suspended' },
];

/** The status filter as tabs: moderators live in "Pending", so it is one click away. */
export function StatusTabs() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const unselectAll = useUnselectAll('vehicles');
  const current = typeof filterValues.status === 'string' ? filterValues.status : 'all';

  const choose = (status: string) => {
    const { status: _previous, ...others } = filterValues;
    // Rows picked under another status must not be approved or rejected by accident.
    unselectAll();
    setFilters(status === 'all' ? others : { ...others, status }, displayedFilters);
  };

  return (
    <>
      <Tabs value={current} onChange={(_, value: string) => choose(value)} aria-label="Listing status" variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}

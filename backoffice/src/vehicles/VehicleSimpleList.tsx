import { SimpleList } from 'react-admin';
import { STATUS_LABELS } from '../components/ListingStatusBadge';
import { NoMatches } from '../components/NoMatches';
import { VehicleThumbnail } from '../components/VehicleThumbnail';
import type { Vehicle } from '../data/api-types';
import { formatNaira } from '../lib/format';
import { carOfTheWeekText } from './car-of-the-week/CarOfTheWeekChip';
import { flaggedText } from './moderation-flags/flag-text';

/** Phones get one line per listing: photo, title, price, city and status. */
export function VehicleSimpleList() {
  return (
    <SimpleList<Vehicle>
      rowClick="show"
      leftIcon={(v) => <VehicleThumbnail url={v.imageUrls[0]} title={v.title} size={48} />}
      primaryText={(v) => v.title}
      secondaryText={(v) => `${formatNaira(v.price)} · ${v.location}`}
      tertiaryText={(v) => `${STATUS_LABELS[v.status]}${carOfTheWeekText(v)}${flaggedText(v.moderationFlags ?? [])}`}
      empty={<NoMatches message="No vehicles match these filters." />}
    />
  );
}

import DifferenceIcon from '@mui/icons-material/Difference';
import { ListingChangeList } from './ListingChangeList';
import { ListingChangeShow } from './ListingChangeShow';

/** Sellers' changes to live listings waiting for review (the approved version stays live until then). */
export default {
  list: ListingChangeList,
  show: ListingChangeShow,
  icon: DifferenceIcon,
  recordRepresentation: 'listingTitle',
  options: { label: 'Listing changes' },
};

import StorefrontIcon from '@mui/icons-material/Storefront';
import { DealerRequestList } from './DealerRequestList';

/** Sellers' dealer verification requests; staff verify them or reject them with a reason (audited). */
export default {
  list: DealerRequestList,
  icon: StorefrontIcon,
  recordRepresentation: 'businessName',
  options: { label: 'Dealer requests' },
};

import PaymentsIcon from '@mui/icons-material/Payments';
import { PaymentList } from './PaymentList';
import { PaymentShow } from './PaymentShow';

/** Boost payments, read only; administrators refund within the guarantee. */
export default {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsIcon,
  recordRepresentation: 'reference',
  options: { label: 'Payments' },
};

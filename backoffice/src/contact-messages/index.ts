import ContactMailIcon from '@mui/icons-material/ContactMail';
import { ContactMessageList } from './ContactMessageList';
import { ContactMessageShow } from './ContactMessageShow';

/** Contact Us messages; support and admins mark them handled with an optional note (audited). */
export default {
  list: ContactMessageList,
  show: ContactMessageShow,
  icon: ContactMailIcon,
  recordRepresentation: (m: { id: number; email: string }) => `#${m.id} from ${m.email}`,
  options: { label: 'Contact messages' },
};

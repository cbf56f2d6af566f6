import EventNoteIcon from '@mui/icons-material/EventNote';
import { RentalList } from './RentalList';
import { RentalShow } from './RentalShow';

/** Rental bookings: support and administrators confirm, start, complete or cancel them. */
export default {
  list: RentalList,
  show: RentalShow,
  icon: EventNoteIcon,
  recordRepresentation: (rental: { id: number }) => `Booking #${rental.id}`,
  options: { label: 'Rentals' },
};

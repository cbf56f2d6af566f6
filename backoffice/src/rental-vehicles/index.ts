import CarRentalIcon from '@mui/icons-material/CarRental';
import { RentalVehicleCreate } from './RentalVehicleCreate';
import { RentalVehicleList } from './RentalVehicleList';

/** Vehicles offered for rent: staff set rates and availability; administrators add new ones. */
export default {
  list: RentalVehicleList,
  create: RentalVehicleCreate,
  icon: CarRentalIcon,
  recordRepresentation: 'title',
  options: { label: 'Rental vehicles' },
};

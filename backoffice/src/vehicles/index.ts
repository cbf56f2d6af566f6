import ElectricCarIcon from '@mui/icons-material/ElectricCar';
import { VehicleEdit } from './VehicleEdit';
import { VehicleList } from './VehicleList';
import { VehicleShow } from './VehicleShow';

/** Listings in every status: moderation, corrections and (for administrators) deletion. */
export default {
  list: VehicleList,
  show: VehicleShow,
  edit: VehicleEdit,
  icon: ElectricCarIcon,
  recordRepresentation: 'title',
  options: { label: 'Vehicles' },
};

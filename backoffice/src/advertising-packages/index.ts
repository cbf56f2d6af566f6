import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { PackageList } from './PackageList';
import { PackageShow } from './PackageShow';

/** Boosts bought (advertising packages), read only. */
export default {
  list: PackageList,
  show: PackageShow,
  icon: RocketLaunchIcon,
  recordRepresentation: 'packageName',
  options: { label: 'Boosts' },
};

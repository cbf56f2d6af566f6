import FlagIcon from '@mui/icons-material/Flag';
import { ReportGroupList } from './ReportGroupList';
import { ReportGroupShow } from './ReportGroupShow';

/** Reports from members about listings and people, grouped by target; staff decide and the reporters are told. */
export default {
  list: ReportGroupList,
  show: ReportGroupShow,
  icon: FlagIcon,
  recordRepresentation: 'label',
  options: { label: 'Reports' },
};

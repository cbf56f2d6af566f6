import HistoryIcon from '@mui/icons-material/History';
import { AuditLogList } from './AuditLogList';
import { AuditLogShow } from './AuditLogShow';

/** What staff did, read only. */
export default {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: (entry: { recordLabel?: string }) => entry.recordLabel ?? 'Audit entry',
  options: { label: 'Audit log' },
};

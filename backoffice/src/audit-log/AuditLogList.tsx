import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, Pagination, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { LoadError } from '../components/LoadError';
import { NoMatches } from '../components/NoMatches';
import { PageHeading } from '../components/PageHeading';
import { ShowLink } from '../components/ShowLink';
import type { AuditEntry } from '../data/api-types';
import { AUDIT_ACTION_LABELS, auditActionChoices, auditResourceChoices, describeAuditEntry } from '../lib/audit-actions';
import { formatDateTime } from '../lib/format';
import { ActorField } from './ActorField';
import { AuditDiff } from './AuditDiff';
import { AuditRecordLink } from './AuditRecordLink';

const Column = DataTable.Col<AuditEntry>;

const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search the audit log" inputProps={{ 'aria-label': 'Search the audit log' }} />,
  <SelectInput key="action" source="action" label="Action" choices={auditActionChoices} alwaysOn />,
  <SelectInput key="resource" source="resource" label="Record type" choices={auditResourceChoices} alwaysOn />,
];

const noEntries = <NoMatches message="No audit entries match these filters." />;

/** Every staff action, newest first; expand a row to see what changed. */
export function AuditLogList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Audit log"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={auditFilters}
      actions={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={<EmptyState title="Nothing recorded yet">Approvals, rejections, edits, deletions and role changes are recorded here.</EmptyState>}
      error={<LoadError what="the audit log" />}
    >
      <PageHeading>Audit log</PageHeading>
      {isSmall ? (
        <SimpleList<AuditEntry> rowClick="show" primaryText={describeAuditEntry} secondaryText={(e) => formatDateTime(e.createdAt)} empty={noEntries} />
      ) : (
        <DataTable<AuditEntry> rowClick="expand" expand={<AuditDiff />} bulkActionButtons={false} empty={noEntries}>
          <Column source="createdAt" label="Time" render={(e) => <ShowLink resource="audit-log" id={e.id}><time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time></ShowLink>} />
          <Column label="Staff member" disableSort field={ActorField} />
          <Column label="Action" disableSort render={(e) => AUDIT_ACTION_LABELS[e.action] ?? e.action} />
          <Column label="Record" disableSort field={AuditRecordLink} />
        </DataTable>
      )}
    </List>
  );
}

import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Show, useRecordContext } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { SectionCard } from '../components/SectionCard';
import type { Report, ReportGroupDetail } from '../data/api-types';
import { formatDate, formatDateTime } from '../lib/format';
import { OUTCOME_LABELS } from './report-labels';
import { ResolveReportsPanel } from './ResolveReportsPanel';

function ReportItem({ report }: { report: Report }) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Chip size="small" label={report.reasonLabel} />
        <Typography variant="body2" fontWeight={600}>{report.reporterName}</Typography>
        <Typography variant="caption" color="text.secondary">{formatDateTime(report.createdAt)}</Typography>
        {report.target === 'listing' && <Typography variant="caption">Listing {report.targetId}</Typography>}
        {report.outcome && <Chip size="small" variant="outlined" label={OUTCOME_LABELS[report.outcome]} />}
      </Stack>
      {report.note && <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>{report.note}</Typography>}
      {report.outcomeNote && <Typography variant="caption" color="text.secondary">Decision: {report.outcomeNote}</Typography>}
    </Box>
  );
}

function ReportDetails() {
  const group = useRecordContext<ReportGroupDetail>();
  // The list's row stands in for a moment while the details load: it has no reports yet.
  if (!group || !Array.isArray(group.open)) return <Loading />;
  const targetLink = group.target === 'listing' ? `/vehicles/${group.targetId}/show` : `/users/${encodeURIComponent(group.targetId)}/show`;
  return (
    <Stack spacing={2}>
      <SectionCard title={`${group.target === 'listing' ? 'Listing' : 'Person'}: ${group.label}`}>
        <Typography variant="body2" gutterBottom>
          {group.target === 'listing' ? <>Seller: <RouterLink to={`/users/${encodeURIComponent(group.targetUserId)}/show`}>{group.sellerName}</RouterLink> · </> : null}
          Now: {group.targetStatus} · <RouterLink to={targetLink}>Open {group.target === 'listing' ? 'the listing' : 'the account'}</RouterLink>
          {group.target === 'listing' && <> · <a href={`/vehicles/${group.targetId}`} target="_blank" rel="noopener noreferrer">as buyers see it</a></>}
        </Typography>
        {group.suspensions.length > 0 && (
          <Alert severity="warning" sx={{ my: 1 }}>
            Suspended before: {group.suspensions.map((s) => `${formatDate(s.startsAt)} (${s.reason}${s.liftedAt ? ', lifted' : ''})`).join('; ')}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>Open reports ({group.open.length})</Typography>
        {group.open.length === 0 ? <Typography variant="body2" color="text.secondary">None: these reports were decided.</Typography> : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>{group.open.map((r) => <ReportItem key={r.id} report={r} />)}</Box>
        )}
      </SectionCard>
      {group.open.length > 0 && (
        <SectionCard title="Decide">
          <ResolveReportsPanel group={group} />
        </SectionCard>
      )}
      <SectionCard title="History">
        {group.earlier.length === 0 ? <Typography variant="body2" color="text.secondary">No earlier reports about {group.sellerName} or their listings.</Typography> : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>{group.earlier.map((r) => <ReportItem key={r.id} report={r} />)}</Box>
        )}
      </SectionCard>
    </Stack>
  );
}

/** One reported listing or person: the reports, the history of the person behind it, and the decision. */
export function ReportGroupShow() {
  return (
    <Show title="Reports" actions={false} error={<LoadError what="the reports" />}>
      <ReportDetails />
    </Show>
  );
}

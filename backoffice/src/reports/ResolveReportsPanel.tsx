import { Alert, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useNotify, usePermissions, useRefresh } from 'react-admin';
import type { ReportGroupDetail, ReportResolveInput } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import type { StaffPermissions } from '../auth/permissions';
import { failureReason } from '../vehicles/moderation/moderation-messages';

type Outcome = ReportResolveInput['outcome'];
const REASON_MAX = 500;

/**
 * What staff decide about the open reports on one listing or person. Every reporter is told the
 * outcome. Support may suspend for up to 7 days; admins longer, or until lifted.
 */
export function ResolveReportsPanel({ group }: { group: ReportGroupDetail }) {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'decide' });
  const { permissions } = usePermissions<StaffPermissions>();
  const admin = permissions?.role === 'admin';
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  const [outcome, setOutcome] = useState<Outcome>(group.target === 'listing' ? 'taken_down' : 'warned');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>('7');
  const [takeDown, setTakeDown] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (input: ReportResolveInput) => dataProvider.resolveReports(group.id, input),
    onSuccess: ({ data }) => {
      notify(`Done. ${data.told} ${data.told === 1 ? 'reporter was' : 'reporters were'} told the outcome.`, { type: 'success' });
      refresh();
    },
    onError: (err) => notify(`Could not decide: ${failureReason(err, 'Please try again.')}`, { type: 'error', multiLine: true }),
  });
  if (!canAccess || group.open.length === 0) return null;
  const submit = () => {
    const trimmed = reason.trim();
    if (outcome !== 'dismissed' && !trimmed) return setError('Say why: the person concerned is shown this.');
    if (trimmed.length > REASON_MAX) return setError(`Keep it to ${REASON_MAX} characters or fewer`);
    const input: ReportResolveInput = { outcome, reason: trimmed };
    if (outcome === 'suspended') {
      input.days = days === 'lifted' ? null : Number(days);
      if (group.target === 'listing') input.takeDown = takeDown;
    }
    resolve.mutate(input);
  };
  const dayChoices = [1, 3, 7, ...(admin ? [30, 90, 365] : [])];
  return (
    <Stack spacing={2} component="form" aria-label="Decide these reports" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <TextField select label="Decision" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)} sx={{ maxWidth: 360 }}>
        {group.target === 'listing' && <MenuItem value="taken_down">Take the listing down</MenuItem>}
        <MenuItem value="warned">Warn {group.target === 'listing' ? 'the seller' : 'the person'}</MenuItem>
        <MenuItem value="suspended">Suspend the account</MenuItem>
        <MenuItem value="dismissed">Dismiss: nothing against our rules</MenuItem>
      </TextField>
      {outcome === 'suspended' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField select label="For" value={days} onChange={(e) => setDays(e.target.value)} sx={{ minWidth: 180 }}>
            {dayChoices.map((d) => <MenuItem key={d} value={String(d)}>{d} {d === 1 ? 'day' : 'days'}</MenuItem>)}
            {admin && <MenuItem value="lifted">Until an admin lifts it</MenuItem>}
          </TextField>
          {group.target === 'listing' && (
            <FormControlLabel control={<Checkbox checked={takeDown} onChange={(e) => setTakeDown(e.target.checked)} />} label="Also take this listing down (else it returns when the suspension ends)" />
          )}
        </Stack>
      )}
      {outcome === 'suspended' && !admin && <Alert severity="info">Support may suspend for up to 7 days; ask an admin for longer.</Alert>}
      <TextField
        fullWidth multiline minRows={2} label={outcome === 'dismissed' ? 'Note (optional)' : 'Reason'} value={reason} error={!!error}
        helperText={error ?? (outcome === 'dismissed' ? 'Kept with the reports.' : 'The seller or person reads this.')}
        onChange={(e) => { setReason(e.target.value); setError(null); }} inputProps={{ maxLength: REASON_MAX }}
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" color={outcome === 'dismissed' ? 'primary' : 'error'} disabled={resolve.isPending}>
          {resolve.isPending ? 'Saving…' : 'Decide and tell the reporters'}
        </Button>
      </Stack>
    </Stack>
  );
}

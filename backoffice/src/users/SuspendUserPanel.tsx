import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useNotify, usePermissions, useRefresh } from 'react-admin';
import type { StaffPermissions } from '../auth/permissions';
import type { AdminUser } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { formatDate } from '../lib/format';
import { failureReason } from '../vehicles/moderation/moderation-messages';

const REASON_MAX = 500;

/**
 * The account's suspension: why and until when, with Lift; or a way to suspend it (support up to 7 days,
 * admins longer or until lifted). Staff accounts are not suspended.
 */
export function SuspendUserPanel({ user }: { user: AdminUser }) {
  const { canAccess } = useCanAccess({ resource: 'users', action: 'suspend' });
  const { permissions } = usePermissions<StaffPermissions>();
  const admin = permissions?.role === 'admin';
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const suspend = useMutation({
    mutationFn: () => dataProvider.suspendUser(user.id, { reason: reason.trim(), days: days === 'lifted' ? null : Number(days) }),
    onSuccess: ({ data }) => {
      notify(`Suspended. ${data.listingsHidden} live ${data.listingsHidden === 1 ? 'listing is' : 'listings are'} hidden until it ends; the person was told why.`, { type: 'success' });
      setReason('');
      refresh();
    },
    onError: (err) => notify(`Could not suspend: ${failureReason(err, 'Please try again.')}`, { type: 'error', multiLine: true }),
  });
  const lift = useMutation({
    mutationFn: () => dataProvider.liftSuspension(user.id),
    onSuccess: ({ data }) => {
      notify(`Suspension lifted; ${data.listingsRestored} ${data.listingsRestored === 1 ? 'listing is' : 'listings are'} live again.`, { type: 'success' });
      refresh();
    },
    onError: (err) => notify(`Could not lift: ${failureReason(err, 'Please try again.')}`, { type: 'error', multiLine: true }),
  });
  if (!canAccess || user.role !== 'user') return null;
  if (user.suspension) {
    return (
      <Stack spacing={1}>
        <Alert severity="error">
          Suspended {user.suspension.until ? `until ${formatDate(user.suspension.until)}` : 'until an admin lifts it'}: {user.suspension.reason}
        </Alert>
        <Stack direction="row">
          <Button variant="outlined" disabled={lift.isPending || (!user.suspension.until && !admin)} onClick={() => lift.mutate()}>
            Lift suspension
          </Button>
        </Stack>
      </Stack>
    );
  }
  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError('Say why: the person is shown this.');
    if (trimmed.length > REASON_MAX) return setError(`Keep it to ${REASON_MAX} characters or fewer`);
    suspend.mutate();
  };
  return (
    <Stack spacing={2} component="form" aria-label="Suspend this account" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="For" value={days} onChange={(e) => setDays(e.target.value)} sx={{ minWidth: 180 }}>
          {[1, 3, 7, ...(admin ? [30, 90, 365] : [])].map((d) => <MenuItem key={d} value={String(d)}>{d} {d === 1 ? 'day' : 'days'}</MenuItem>)}
          {admin && <MenuItem value="lifted">Until an admin lifts it</MenuItem>}
        </TextField>
        <TextField
          fullWidth label="Reason" value={reason} error={!!error} helperText={error ?? 'The person reads this; their live listings are hidden until it ends.'}
          onChange={(e) => { setReason(e.target.value); setError(null); }} inputProps={{ maxLength: REASON_MAX }}
        />
      </Stack>
      <Stack direction="row">
        <Button type="submit" color="error" variant="contained" disabled={suspend.isPending}>Suspend account</Button>
      </Stack>
    </Stack>
  );
}

import { toast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useRenewListing } from '../api/renew-listing';

/** One tap: a live listing stays 60 more days, an expired one comes back (no new review). */
export function RenewButton({ vehicle, className = 'btn btn--primary btn--sm' }: { vehicle: { id: number; title: string; status: string }; className?: string }) {
  const renew = useRenewListing();
  const expired = vehicle.status === 'expired';
  return (
    <button
      type="button"
      className={className}
      disabled={renew.isPending}
      aria-label={`${expired ? 'Renew' : 'Keep live'}: ${vehicle.title}`}
      onClick={() => renew.mutate(vehicle.id, {
        onSuccess: (renewed) => toast({ title: expired ? 'Listing renewed' : 'Kept live', description: renewed.expiresAt ? `Live until ${formatDate(renewed.expiresAt)}.` : 'It is live again.' }),
        onError: (error) => toast({ title: 'Could not renew', description: error.message }),
      })}
    >
      {renew.isPending ? 'Renewing…' : expired ? 'Renew' : 'Keep live 60 more days'}
    </button>
  );
}

/** Days left before a live listing expires, counted in whole days (rounded up). */
export function daysLeft(expiresAt: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86_400_000));
}

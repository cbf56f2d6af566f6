import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminRental, RentalAction } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureToast } from '../lib/failure-toast';
import { RENTAL_ACTION_WORDING, STATUS_FAILURE, statusRequestFor } from './rental-status';

export interface StatusChange {
  rental: Pick<AdminRental, 'id' | 'vehicle'>;
  action: RentalAction;
  reason?: string;
}

/** Move a booking on; the list, the booking's page and the counters all follow. */
export function useChangeRentalStatus() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  // Refreshes every query on screen: the booking, the list and the counters.
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ rental, action, reason }: StatusChange) => dataProvider.changeRentalStatus(rental.id, statusRequestFor(action, reason)),
    onSuccess: (_result, { rental, action }) => {
      notify(`Success: Booking #${rental.id} for “${rental.vehicle.title}” ${RENTAL_ACTION_WORDING[action].done}.`, { type: 'success' });
      refresh();
    },
    onError: (error) => {
      notify(failureToast(STATUS_FAILURE, error), { type: 'error', multiLine: true });
      // A refusal (someone else moved it, or it lapsed) means the screen is out of date.
      refresh();
    },
  });
}

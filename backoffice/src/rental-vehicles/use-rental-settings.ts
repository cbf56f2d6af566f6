import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminRentalVehicle, RentalSettingsInput } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureToast } from '../lib/failure-toast';

export const SETTINGS_FAILURE = 'Failed to update vehicle rental settings';

export interface SettingsChange {
  vehicle: Pick<AdminRentalVehicle, 'id' | 'title'>;
  input: RentalSettingsInput;
  /** What changed, for the toast: "Daily rate is now ₦25,000". */
  summary: string;
}

/** Sets a vehicle's rates or availability; the table and the counters follow. */
export function useRentalSettings() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ vehicle, input }: SettingsChange) => dataProvider.updateRentalSettings(vehicle.id, input),
    onSuccess: (_result, { vehicle, summary }) => {
      notify(`Success: ${summary} for “${vehicle.title}”.`, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(failureToast(SETTINGS_FAILURE, error), { type: 'error', multiLine: true }),
  });
}

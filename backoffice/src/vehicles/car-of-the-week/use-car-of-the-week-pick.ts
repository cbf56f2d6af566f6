import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { CAR_OF_THE_WEEK_QUERY_KEY } from '../../data/use-car-of-the-week';
import { useVoltmarket } from '../../data/use-voltmarket';
import { failureReason } from '../moderation/moderation-messages';

type Listing = Pick<Vehicle, 'id' | 'title'>;

const FAILURES = {
  pick: 'Failed to make the vehicle Car of the Week. Please try again.',
  withdraw: 'Failed to withdraw the Car of the Week. Please try again.',
} as const;

/** Make a live listing this week's Car of the Week, or withdraw this week's pick; the storefront follows at once. */
export function useCarOfTheWeekPick(kind: 'pick' | 'withdraw') {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: Listing) =>
      kind === 'pick' ? dataProvider.pickCarOfTheWeek(listing.id) : dataProvider.withdrawCarOfTheWeek(listing.id),
    onSuccess: (_result, listing) => {
      notify(
        kind === 'pick'
          ? `Car of the Week Set: “${listing.title}” is this week's Car of the Week.`
          : `Car of the Week Withdrawn: “${listing.title}” is no longer this week's pick; the most viewed new listing shows instead.`,
        { type: 'success' },
      );
      void queryClient.invalidateQueries({ queryKey: CAR_OF_THE_WEEK_QUERY_KEY });
      refresh();
    },
    onError: (error) => notify(`Car of the Week Failed: ${failureReason(error, FAILURES[kind])}`, { type: 'error' }),
  });
}

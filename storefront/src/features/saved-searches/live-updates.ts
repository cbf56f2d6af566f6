import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../realtime/live-events';
import { ALL_SAVED_SEARCHES } from './api/get-saved-searches';

/** A new notification may be a saved search's new match: its "N new" is asked for again (only if on screen). */
export function useSavedSearchLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'notification') void queryClient.invalidateQueries({ queryKey: ALL_SAVED_SEARCHES });
  });
}

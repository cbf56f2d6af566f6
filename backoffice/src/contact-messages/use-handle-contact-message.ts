import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminContactMessage } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { failureReason } from '../vehicles/moderation/moderation-messages';

/** Mark a Contact Us message handled, with an optional note; the page follows. */
export function useHandleContactMessage() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ message, note }: { message: AdminContactMessage; note: string | null }) => dataProvider.handleContactMessage(message.id, note),
    onSuccess: ({ data }) => {
      notify(`Message #${data.id} from ${data.email} marked handled.`, { type: 'success', multiLine: true });
      refresh();
    },
    onError: (error) => {
      notify(`Could not mark the message handled: ${failureReason(error, 'Please try again.')}`, { type: 'error', multiLine: true });
      refresh();
    },
  });
}

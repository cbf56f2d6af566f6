import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminPayment } from '../data/api-types';
import { useVoltmarket } from '../data/use-voltmarket';
import { formatNaira } from '../lib/format';
import { failureReason } from '../vehicles/moderation/moderation-messages';

const DEFAULT_FAILURE = 'Failed to refund the payment. Please try again.';

/** Refund a boost payment through the gateway; the boost ends at once. */
export function useRefundPayment() {
  const dataProvider = useVoltmarket();
  const notify = useNotify();
  // Refreshes every query on screen, so the payment, its package and the figures follow.
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (payment: AdminPayment) => dataProvider.refundPayment(payment.id),
    onSuccess: (_result, payment) => {
      notify(`Payment Refunded: ${formatNaira(payment.amount)} for “${payment.vehicleTitle}” (${payment.reference}) goes back to ${payment.seller.name}, and the boost has ended.`, {
        type: 'success',
        multiLine: true,
      });
      refresh();
    },
    onError: (error) => {
      notify(`Refund Failed: ${failureReason(error, DEFAULT_FAILURE)}`, { type: 'error', multiLine: true });
      // A refusal (already refunded, past the guarantee) means the page is out of date.
      refresh();
    },
  });
}

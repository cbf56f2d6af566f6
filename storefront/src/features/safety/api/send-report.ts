import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReportInput, ReportReceipt } from '../../../lib/api-types';

/** Reports a listing or a person to Voltmarket's staff (once per target). */
export const sendReport = async (input: ReportInput): Promise<ReportReceipt> =>
  (await apiRequest<ReportReceipt>('/api/reports', { method: 'POST', body: input })).data;

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}

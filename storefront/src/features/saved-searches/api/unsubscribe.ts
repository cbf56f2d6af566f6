import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { UnsubscribeResult } from '../../../lib/api-types';

/** Pauses the saved search an email was about, from the email's signed link; no sign-in. Pausing twice changes nothing. */
export const unsubscribe = async (token: string): Promise<UnsubscribeResult> =>
  (await apiRequest<UnsubscribeResult>('/api/saved-searches/unsubscribe', { method: 'POST', body: { token } })).data;

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { MyAdvertisingPackage } from '../../../lib/api-types';
import { useSession } from '../../auth/session';

export const getMyPackages = (signal?: AbortSignal) => apiGet<MyAdvertisingPackage[]>('/api/advertising/my-packages', signal);

/** The signed-in seller's boosts in every status, newest first. */
export function useMyPackages() {
  const { user } = useSession();
  return useQuery({ queryKey: ['my-packages', user?.uid], enabled: !!user, queryFn: ({ signal }) => getMyPackages(signal) });
}

import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { PROGRESS_KEY, type Progress } from './progress';

/**
 * `PUT /api/raise-capital/progress/{step}`: marks a step done or not; the answer (the whole
 * progress) becomes the cached progress. Callers pass `optimisticData` to tick at once.
 */
export function useSetStep() {
  return useSWRMutation(
    useUserKey(PROGRESS_KEY),
    ([path]: UserKey, { arg }: { arg: { id: string; done: boolean } }) =>
      api<Progress>(`${path}/${encodeURIComponent(arg.id)}`, { method: 'PUT', body: { done: arg.done } }),
    { populateCache: true, revalidate: false },
  );
}

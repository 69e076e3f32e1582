import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export type Step = {
  id: string;
  title: string;
  summary: string;
  tasks: string[];
  link: string;
  linkLabel: string;
  done: boolean;
};

export type Progress = { steps: Step[]; completed: number; total: number };

export const PROGRESS_KEY = '/raise-capital/progress';

export function useProgress() {
  return useSWR<Progress>(useUserKey(PROGRESS_KEY), userFetcher);
}

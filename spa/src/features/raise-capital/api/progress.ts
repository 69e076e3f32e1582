import useSWR from 'swr';
import { api, fetcher } from '@/lib/api-client';

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
  return useSWR<Progress>(PROGRESS_KEY, fetcher);
}

export function setStep(id: string, done: boolean) {
  return api<Progress>(`/raise-capital/progress/${encodeURIComponent(id)}`, { method: 'PUT', body: { done } });
}

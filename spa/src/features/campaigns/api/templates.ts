import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import type { StarterTemplate } from '../types';
import { shouldRetry } from '@/lib/api-client';

/** `GET /api/campaigns/templates`: the three starter templates (read once the chooser opens). */
export function useCampaignTemplates(enabled: boolean) {
  return useSWR<{ templates: StarterTemplate[] }>(useUserKey(enabled ? '/campaigns/templates' : null), userFetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: shouldRetry,
  });
}

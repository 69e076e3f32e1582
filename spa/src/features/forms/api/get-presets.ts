import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import type { FieldPreset } from '../types';

/** `GET /api/forms/presets`: the investor questions a field can start from, and the default legend. */
export function usePresets() {
  return useSWR<{ presets: FieldPreset[]; default_legend: { version: string; text: string } }>(useUserKey('/forms/presets'), userFetcher, {
    revalidateOnFocus: false,
  });
}

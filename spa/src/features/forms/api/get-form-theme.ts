import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { shouldRetry } from '@/lib/api-client';
import { userFetcher } from '@/lib/user-cache';
import type { Theme, ThemeColours } from '../types';

/** The path of `GET /api/forms/theme` for these colours. */
export function themePath(colours: ThemeColours): string {
  const { primaryColor, backgroundColor, textColor, buttonColor, buttonTextColor } = colours;
  return `/forms/theme?${new URLSearchParams({ primaryColor, backgroundColor, textColor, buttonColor, buttonTextColor })}`;
}

/**
 * The theme investors would see with colours not saved yet (null path: no request). A colour
 * that is not hex answers 400 with the server's message, as saving would.
 */
export function useFormTheme(path: string | null) {
  return useSWR<Theme>(useUserKey(path), userFetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: shouldRetry,
  });
}

import useSWR from 'swr';
import type { BrandLogo } from '@/features/forms/types';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** How the company hears about new leads (Settings → Notifications); `every` until chosen. */
export type LeadMails = 'every' | 'hourly' | 'daily' | 'off';

/** Spec 3, Profile: `interested_investors_count` is the founder's true number of leads. */
export type Profile = {
  id: string;
  name: string | null;
  interested_investors_count: number;
  /** The logo on every investor form (Settings → Brand), if one was uploaded. */
  logo?: BrandLogo | null;
  lead_mails?: LeadMails;
};

export const PROFILE_KEY = '/profiles/me';

/** Spec 9: the profile is cached for 60 s and re-read when the window regains focus. */
export function useProfile() {
  return useSWR<Profile>(useUserKey(PROFILE_KEY), userFetcher, { dedupingInterval: 60_000, revalidateOnFocus: true });
}

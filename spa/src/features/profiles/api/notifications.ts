import { useState } from 'react';
import { api } from '@/lib/api-client';
import { mutateUserKey } from '@/lib/user-cache';
import { PROFILE_KEY, type LeadMails, type Profile } from './profile';

/**
 * `PUT /api/profiles/me/notifications` (`{lead_mails}`): answers the profile, which replaces
 * the cached one.
 */
export function useUpdateNotifications() {
  const [saving, setSaving] = useState(false);
  const save = async (leadMails: LeadMails) => {
    setSaving(true);
    try {
      const profile = await api<Profile>(`${PROFILE_KEY}/notifications`, { method: 'PUT', body: { lead_mails: leadMails } });
      await mutateUserKey(PROFILE_KEY, profile, { revalidate: false });
      return profile;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

import { useState } from 'react';
import { api } from '@/lib/api-client';
import { mutateUserKey } from '@/lib/user-cache';
import { PROFILE_KEY, type Profile } from './profile';

/**
 * `PUT /api/profiles/me/logo` (the file itself as the body) and `DELETE /api/profiles/me/logo`:
 * both answer the profile, which replaces the cached one, so every preview shows the change.
 */
export function useLogo() {
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<Profile>) => {
    setBusy(true);
    try {
      const profile = await request();
      await mutateUserKey(PROFILE_KEY, profile, { revalidate: false });
      return profile;
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    upload: (file: File) => run(() => api<Profile>(`${PROFILE_KEY}/logo`, { method: 'PUT', body: file })),
    remove: () => run(() => api<Profile>(`${PROFILE_KEY}/logo`, { method: 'DELETE' })),
  };
}

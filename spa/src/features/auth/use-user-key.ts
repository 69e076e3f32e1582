import { userKey, type UserKey } from '@/lib/user-cache';
import { useAuth } from './auth-context';

/** The SWR key of an owner resource for the signed-in user (null, no request, signed out). */
export function useUserKey(path: string | null): UserKey | null {
  const { user } = useAuth();
  return userKey(path, user?.id);
}

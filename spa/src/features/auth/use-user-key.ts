import { useActiveCompany } from '@/lib/active-company';
import { scopeOf, userKey, type UserKey } from '@/lib/user-cache';
import { useAuth } from './auth-context';

/**
 * The SWR key of an owner resource for the signed-in user in the company they act for (null,
 * no request, signed out): switching company never shows the previous company's answers.
 */
export function useUserKey(path: string | null): UserKey | null {
  const { user } = useAuth();
  const company = useActiveCompany();
  return userKey(path, user ? scopeOf(user.id, company) : undefined);
}

import useSWRMutation from 'swr/mutation';
import { useAuth } from '../auth-context';
import { useUserKey } from '../use-user-key';

/**
 * `POST /api/auth/password`: a new password; the other sessions end. The auth provider makes
 * the request, since the answer is the session it keeps.
 */
export function useChangePassword() {
  const { changePassword } = useAuth();
  return useSWRMutation(
    useUserKey('/auth/password'),
    (_key, { arg }: { arg: { currentPassword: string; newPassword: string } }) => changePassword(arg.currentPassword, arg.newPassword),
    { revalidate: false },
  );
}

import useSWRMutation from 'swr/mutation';
import { useAuth } from '../auth-context';
import { useUserKey } from '../use-user-key';

/**
 * `PATCH /api/auth/user`: the signed-in user's name. The auth provider makes the request, since
 * the answer is the user it holds (every tab hears of the change).
 */
export function useUpdateName() {
  const { updateName } = useAuth();
  return useSWRMutation(useUserKey('/auth/user'), (_key, { arg }: { arg: { name: string } }) => updateName(arg.name), { revalidate: false });
}

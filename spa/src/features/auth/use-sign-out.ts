import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from './auth-context';

/** The logout failure toasts of the error catalogue (spec 8). */
export const SIGN_OUT_FAILED = 'Failed to sign out';
export const SIGN_OUT_FAILED_TRY_AGAIN = 'Failed to sign out, please try again';
export const SIGN_OUT_FAILED_REFRESH = 'Failed to sign out, please try refreshing the page';

/**
 * Logout (spec 4). Inside an impersonation (support) session it performs the revert
 * instead: the administrator goes back to their own account (features/impersonation).
 *
 * Otherwise: idle → signing out → idle. The global sign-out ends every session:
 * 'Successfully signed out'. When it fails the local tokens are cleared anyway (a local
 * sign-out, retried globally on the next start) and the surface's catalogue toast shows;
 * if even the local fallback fails, 'Failed to sign out, please try refreshing the page'.
 * Either way the browser goes to /login.
 */
export function useSignOut(failureMessage: typeof SIGN_OUT_FAILED | typeof SIGN_OUT_FAILED_TRY_AGAIN = SIGN_OUT_FAILED) {
  const auth = useAuth();
  const { signOut } = auth;
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const run = async () => {
    if (signingOut) return;
    setSigningOut(true);
    if (auth.user?.impersonation) {
      try {
        const { revertInBrowser } = await import('@/features/impersonation/api/revert-impersonation');
        await revertInBrowser(auth, navigate);
      } catch (error) {
        toast.error(`Failed to revert impersonation: ${error instanceof Error ? error.message : error}`);
      } finally {
        setSigningOut(false);
      }
      return;
    }
    try {
      const scope = await signOut();
      if (scope === 'global') toast.success('Successfully signed out');
      else toast.error(failureMessage);
    } catch (error) {
      console.error('sign-out failed, also locally', error);
      toast.error(SIGN_OUT_FAILED_REFRESH);
    } finally {
      setSigningOut(false);
    }
    navigate('/login', { replace: true });
  };

  return { signOut: run, signingOut };
}

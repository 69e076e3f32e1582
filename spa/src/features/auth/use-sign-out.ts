import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from './auth-context';

/**
 * Logout (spec 4): idle → signing out → idle. On success the tokens are cleared, the browser
 * goes to /login and 'Successfully signed out' shows; on failure the given catalogue toast.
 */
export function useSignOut(failureMessage = 'Failed to sign out') {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const run = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await signOut();
      toast.success('Successfully signed out');
      navigate('/login', { replace: true });
    } catch (error) {
      console.error('sign-out failed', error);
      toast.error(failureMessage);
    } finally {
      setSigningOut(false);
    }
  };

  return { signOut: run, signingOut };
}

import { KeyRound, Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { checkRecoveryRequest } from '../api/session';
import { useAuth } from '../auth-context';
import { newPasswordError, PASSWORD_MIN } from '../password-rules';

export const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET = 'Your password has been reset. You are signed in.';

export type LinkStatus = LinkState['status'];
type LinkState = { status: 'checking' } | { status: 'valid' } | { status: 'invalid'; message: string } | { status: 'unreachable' };

function useRecoveryLink(token: string | null): [LinkState, (state: LinkState) => void] {
  const [state, setState] = useState<LinkState>(token ? { status: 'checking' } : { status: 'invalid', message: INVALID_LINK });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    checkRecoveryRequest(token)
      .then(({ valid }) => !cancelled && setState(valid ? { status: 'valid' } : { status: 'invalid', message: INVALID_LINK }))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status < 500) setState({ status: 'invalid', message: error.message || INVALID_LINK });
        else setState({ status: 'unreachable' });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);
  return [state, setState];
}

/** The card's heading for each state of the link. */
export function recoveryHeading(state: LinkStatus): { title: string; subtitle: string } {
  if (state === 'invalid') return { title: "This link can't be used", subtitle: 'Reset links work once and expire after 1 hour.' };
  if (state === 'checking') return { title: 'Set a new password', subtitle: 'Checking your link…' };
  return { title: 'Set a new password', subtitle: 'Choose a new password for your account. Every other device will be signed out.' };
}

/**
 * Where a recovery link lands (`/auth/callback?type=recovery&token=…`): the link is checked
 * first, then the new password (twice) is set, which signs the user in here and out
 * everywhere else (auth event PASSWORD_RECOVERY).
 */
export function ResetPasswordForm({ token, onStateChange }: { token: string | null; onStateChange: (state: LinkStatus) => void }) {
  const { completeRecovery } = useAuth();
  const navigate = useNavigate();
  const [link, setLink] = useRecoveryLink(token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldError, setFieldError] = useState<ReturnType<typeof newPasswordError>>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => onStateChange(link.status), [link.status, onStateChange]);

  if (link.status === 'checking') {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-sm text-gray-600">
        <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />
        Checking your link…
      </div>
    );
  }

  if (link.status === 'invalid') {
    return (
      <div>
        <Alert>{link.message}</Alert>
        <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          Request a new link
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirmation);
    setFieldError(problem);
    setError(null);
    if (problem || !token) return;
    setSaving(true);
    try {
      await completeRecovery(token, password);
      toast.success(PASSWORD_RESET);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_link') setLink({ status: 'invalid', message: err.message || INVALID_LINK });
      else setError(err instanceof ApiError && err.status < 500 ? err.message : 'We could not set your password. Please try again.');
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {link.status === 'unreachable' ? (
        <Alert tone="info">We could not check your link just now. You can still set your password.</Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        autoFocus
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. Long passphrases are welcome.`}
        error={fieldError?.field === 'password' ? fieldError.message : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        error={fieldError?.field === 'confirmation' ? fieldError.message : undefined}
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <Button type="submit" className="w-full" size="lg" disabled={saving || !password || !confirmation}>
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <KeyRound className="size-4" aria-hidden />}
        {saving ? 'Setting new password...' : 'Set new password'}
      </Button>
    </form>
  );
}

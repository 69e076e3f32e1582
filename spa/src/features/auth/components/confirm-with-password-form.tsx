import { Loader2, LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useAuth } from '../auth-context';
import { linkOutcome } from '../confirm-link';

export const PASSWORD_STEP = {
  title: 'Finish creating your account',
  subtitle: 'Enter the password you chose when you signed up.',
};

/**
 * A confirmation link opened outside the browser that signed up (a phone, another browser):
 * the account is made only for whoever chose its password, so the page asks for it. In the
 * signing-up browser this step never shows.
 */
export function ConfirmWithPasswordForm({ token, onConfirmed, onLinkFailed }: {
  token: string;
  onConfirmed: () => void;
  onLinkFailed: (message: string) => void;
}) {
  const { verifyLink } = useAuth();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setConfirming(true);
    setFieldError(undefined);
    setAlert(undefined);
    try {
      await verifyLink(token, 'signup', password);
      onConfirmed();
    } catch (error) {
      const outcome = linkOutcome(error, true);
      if (outcome.step === 'failed') return onLinkFailed(outcome.message);
      if (outcome.step === 'retry') {
        setFieldError(outcome.fieldError);
        setAlert(outcome.alert);
      }
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-sm text-gray-700">
        This link was opened in a different browser or device from the one you signed up in, so we check that the
        account is yours before creating it.
      </p>
      {alert ? <Alert>{alert}</Alert> : null}
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        autoFocus
        error={fieldError}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="w-full" size="lg" disabled={confirming || !password}>
        {confirming ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <LogIn className="size-4" aria-hidden />}
        {confirming ? 'Confirming...' : 'Confirm and sign in'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Forgot it?{' '}
        <Link to="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700">
          Set a new password
        </Link>{' '}
        or{' '}
        <Link to="/register" className="font-medium text-brand-600 hover:text-brand-700">
          sign up again
        </Link>
        .
      </p>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { resendConfirmationRequest } from '@/features/auth/api/session';
import { useAuth } from '@/features/auth/auth-context';
import { loginErrorMessage } from '@/features/auth/messages';
import { ApiError } from '@/lib/api-client';
import { AuthLayout } from './auth-layout';

export default function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ message: string; unconfirmed: boolean } | null>(null);
  const [resent, setResent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    setResent(null);
    try {
      const user = await signIn(email, password);
      if (!user) throw new Error('No user returned from login');
      navigate(from, { replace: true });
    } catch (err) {
      setError({
        message: loginErrorMessage(err),
        unconfirmed: err instanceof ApiError && err.code === 'email_not_confirmed',
      });
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    try {
      await resendConfirmationRequest(email);
      setResent(`We sent a new confirmation link to ${email.trim().toLowerCase()}.`);
    } catch (err) {
      setResent(err instanceof Error ? err.message : 'Could not send the e-mail. Please try again.');
    }
  };

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your investor forms and leads."
      footer={
        <>
          New to RaiseSpark?{' '}
          <Link to="/register" className="font-medium text-brand-600 hover:text-brand-700">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        {error ? (
          <Alert>
            <p>{error.message}</p>
            {error.unconfirmed ? (
              <button type="button" onClick={resend} className="mt-2 font-semibold underline underline-offset-2">
                Resend confirmation email
              </button>
            ) : null}
          </Alert>
        ) : null}
        {resent ? <Alert tone="success">{resent}</Alert> : null}
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-2 flex justify-end">
          <Link to="/forgot-password" state={{ email }} className="text-sm font-medium text-brand-600 hover:text-brand-700">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={submitting || !email || !password}>
          {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {submitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}

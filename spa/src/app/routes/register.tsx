import { MailCheck, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { resendConfirmationRequest } from '@/features/auth/api/session';
import { attribution, REFERRAL_ID_KEY } from '@/features/auth/attribution';
import { useAuth } from '@/features/auth/auth-context';
import { registerErrorMessage } from '@/features/auth/messages';
import { AuthLayout } from './auth-layout';

export default function RegisterPage() {
  const { signUp } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const data = { name: name.trim(), ...attribution(window.location.search, document.referrer, localStorage.getItem(REFERRAL_ID_KEY)) };
      // Any 201 means 'check your inbox': the server answers the same for an address that
      // already has an account (its owner gets an e-mail instead), so nothing is revealed. No
      // account exists until the mailed link is opened here, or elsewhere with this password.
      await signUp(email, password, data);
      setSentTo(email.trim().toLowerCase());
    } catch (err) {
      setError(registerErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    const resend = async () => {
      try {
        await resendConfirmationRequest(sentTo);
        setResendNote('A new confirmation link is on its way.');
      } catch (err) {
        setResendNote(err instanceof Error ? err.message : 'Could not send the e-mail. Please try again.');
      }
    };
    return (
      <AuthLayout title="Check your inbox" subtitle="One more step to create your account.">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MailCheck className="size-7" aria-hidden />
          </span>
          <p className="mt-4 text-sm text-gray-700">
            We sent an e-mail to <strong className="text-gray-900">{sentTo}</strong>. Open the link in it to finish
            creating your account: in this browser it signs you in at once; on another device you will be asked for the
            password you just chose. The link works once and expires in 24 hours.
          </p>
          <p className="mt-3 text-sm text-gray-600">
            If this address already has an account, the e-mail tells you how to sign in instead.
          </p>
          {resendNote ? <Alert tone="info" className="mt-4 w-full text-left">{resendNote}</Alert> : null}
          <Button variant="secondary" className="mt-6" onClick={resend}>
            Resend confirmation email
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start capturing investor interest for your raise."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <Field label="Full name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters. Long passphrases are welcome."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" size="lg" disabled={submitting || !name.trim() || !email || !password}>
          {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {submitting ? 'Creating account...' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-gray-500">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="underline">Terms of Service</Link> and{' '}
          <Link to="/privacy" className="underline">Privacy Policy</Link>.
        </p>
      </form>
    </AuthLayout>
  );
}

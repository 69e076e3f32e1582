import { ArrowLeft, Loader2, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { recoverRequest } from '../api/session';

const FALLBACK = 'We could not send the email. Please try again.';

function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : FALLBACK;
}

export function BackToSignIn() {
  return (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-brand-600 hover:text-brand-700">
      <ArrowLeft className="size-4" aria-hidden />
      Back to sign in
    </Link>
  );
}

/**
 * 'Forgot password?': asks for the address and e-mails a one-time link (1 hour). The answer
 * is the same whether or not an account exists, so the page never reveals one.
 */
export function ForgotPasswordForm({ initialEmail = '', onSent }: { initialEmail?: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const address = email.trim().toLowerCase();
      await recoverRequest(address);
      onSent(address);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" className="w-full" size="lg" disabled={sending || !email.trim()}>
        {sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {sending ? 'Sending reset link...' : 'Send reset link'}
      </Button>
    </form>
  );
}

/** After sending: the same words whether or not the address has an account. */
export function CheckYourEmail({ email }: { email: string }) {
  const [note, setNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await recoverRequest(email);
      setNote({ tone: 'info', text: 'We sent another link. It may take a minute to arrive.' });
    } catch (err) {
      setNote({ tone: 'error', text: errorMessage(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck className="size-7" aria-hidden />
      </span>
      <p className="mt-4 text-sm text-gray-700">
        If an account exists for <strong className="break-all text-gray-900">{email}</strong>, we sent it a link to set a
        new password. The link works once and expires in 1 hour.
      </p>
      <p className="mt-3 text-sm text-gray-500">Nothing there after a few minutes? Check your spam folder.</p>
      {note ? <Alert tone={note.tone} className="mt-4 w-full text-left">{note.text}</Alert> : null}
      <Button variant="secondary" className="mt-6" onClick={resend} disabled={sending}>
        {sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {sending ? 'Sending...' : 'Send another link'}
      </Button>
    </div>
  );
}

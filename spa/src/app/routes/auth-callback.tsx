import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { ConfirmWithPasswordForm, PASSWORD_STEP } from '@/features/auth/components/confirm-with-password-form';
import { BackToSignIn } from '@/features/auth/components/forgot-password-form';
import { LINK_FAILED, landingPath, linkOutcome } from '@/features/auth/confirm-link';
import { recoveryHeading, ResetPasswordForm, type LinkStatus } from '@/features/auth/components/reset-password-form';
import { AuthLayout } from './auth-layout';

/** `type=recovery`: the link from 'Forgot password?' sets a new password. */
function RecoveryPage({ token }: { token: string | null }) {
  const [status, setStatus] = useState<LinkStatus>('checking');
  const { title, subtitle } = recoveryHeading(status);
  return (
    <AuthLayout title={title} subtitle={subtitle} footer={<BackToSignIn />} brand={false}>
      <ResetPasswordForm token={token} onStateChange={setStatus} />
    </AuthLayout>
  );
}

/** Where the e-mailed links land: confirmation and sign-in links, and password recovery. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  if (params.get('type') === 'recovery') return <RecoveryPage token={params.get('token')} />;
  return <VerifyLinkPage />;
}

/** What the page says for each kind of link: confirmation, impersonation, the way back. */
const COPY: Record<string, { title: string; subtitle: string; status: string; failed: string }> = {
  signup: {
    title: 'Signing you in',
    subtitle: 'Confirming your e-mail address…',
    status: 'Confirming your e-mail…',
    failed: "We couldn't confirm your e-mail",
  },
  impersonation: {
    title: 'Opening the support session',
    subtitle: 'Signing in as the user you chose…',
    status: 'Starting the support session…',
    failed: "We couldn't open the support session",
  },
  magiclink: {
    title: 'Returning to your account',
    subtitle: 'Signing you back in…',
    status: 'Signing you back in…',
    failed: "We couldn't sign you back in",
  },
};

type Step = { kind: 'exchanging' } | { kind: 'password'; token: string } | { kind: 'failed'; message: string };

/**
 * Confirmation, impersonation and sign-in links: exchanges the one-time token for a session.
 * A confirmation link opened outside the browser that signed up asks for the password chosen
 * at that sign-up first.
 */
function VerifyLinkPage() {
  const { verifyLink } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'exchanging' });
  const started = useRef(false);
  const type = params.get('type') ?? 'signup';
  const landing = landingPath(params.get('next'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      setStep({ kind: 'failed', message: 'This link is incomplete. Open the link from your e-mail again.' });
      return;
    }
    verifyLink(token, type)
      .then(() => navigate(landing, { replace: true }))
      .catch((err: unknown) => {
        const outcome = linkOutcome(err, false);
        if (outcome.step === 'password' && type === 'signup') setStep({ kind: 'password', token });
        else setStep({ kind: 'failed', message: outcome.step === 'failed' ? outcome.message : LINK_FAILED });
      });
  }, [params, type, landing, verifyLink, navigate]);

  const copy = COPY[type] ?? COPY.signup!;
  if (step.kind === 'failed') {
    return (
      <AuthLayout title={copy.failed} subtitle="The link did not work." brand={false}>
        <Alert>{step.message}</Alert>
        <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          Go to sign in
        </Link>
      </AuthLayout>
    );
  }
  if (step.kind === 'password') {
    return (
      <AuthLayout title={PASSWORD_STEP.title} subtitle={PASSWORD_STEP.subtitle} brand={false}>
        <ConfirmWithPasswordForm
          token={step.token}
          onConfirmed={() => navigate(landing, { replace: true })}
          onLinkFailed={(message) => setStep({ kind: 'failed', message })}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={copy.title} subtitle={copy.subtitle} brand={false}>
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-sm text-gray-600">
        <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />
        {copy.status}
      </div>
    </AuthLayout>
  );
}

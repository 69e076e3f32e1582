import { useState } from 'react';
import { useLocation } from 'react-router';
import { BackToSignIn, CheckYourEmail, ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthLayout } from './auth-layout';

export default function ForgotPasswordPage() {
  const location = useLocation();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" subtitle="Follow the link in the email to set a new password." footer={<BackToSignIn />}>
        <CheckYourEmail email={sentTo} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you use for RaiseSpark and we'll send you a link to set a new password."
      footer={<BackToSignIn />}
    >
      <ForgotPasswordForm initialEmail={initialEmail} onSent={setSentTo} />
    </AuthLayout>
  );
}

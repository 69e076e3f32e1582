import { AuthLayout } from './auth-layout';

export default function AuthCallbackPage() {
  return <AuthLayout title="Signing you in" subtitle="Confirming your e-mail address…" />;
}

import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

export default function LoginPage() {
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your investor forms and leads."
      footer={<>New to RaiseSpark? <Link to="/register" className="font-medium text-brand-600 hover:text-brand-700">Create an account</Link></>}
    />
  );
}

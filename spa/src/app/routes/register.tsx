import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

export default function RegisterPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start capturing investor interest for your raise."
      footer={<>Already have an account? <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">Sign in</Link></>}
    />
  );
}

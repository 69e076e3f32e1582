import { useAuth } from '@/features/auth/auth-context';
import { AdminPage } from '@/features/admin/components/admin-page';
import { NotFound } from './not-found';

/** /admin: administrators only (the session's `app_metadata.role`); anyone else gets not-found. */
export default function AdminRoute() {
  const { user } = useAuth();
  if (user?.app_metadata.role !== 'admin') return <NotFound />;
  return <AdminPage />;
}

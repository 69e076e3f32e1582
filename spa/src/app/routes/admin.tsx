import { Shield } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Admin" description="Manage users and support sessions." />
      <EmptyState icon={Shield} title="Administration">
        Only administrators can use this area.
      </EmptyState>
    </>
  );
}

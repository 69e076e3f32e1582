import { Settings } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Settings" description="Your account, password, sessions and billing." />
      <EmptyState icon={Settings} title="Account settings">
        Your name, password, sessions and billing live here.
      </EmptyState>
    </>
  );
}

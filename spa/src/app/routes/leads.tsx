import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Investor Leads" description="Everyone who has indicated interest in your offering, hottest first." />
      <EmptyState icon={Users} title="No leads yet">
        Leads will appear here once you start receiving submissions
      </EmptyState>
    </>
  );
}

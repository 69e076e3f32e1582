import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Investor Forms" description="Build lead-capture forms for your raise and embed them on your site." />
      <EmptyState icon={FileText} title="No forms yet">
        Create your first investor form to start collecting leads
      </EmptyState>
    </>
  );
}

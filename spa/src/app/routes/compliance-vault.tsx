import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Compliance" description="Keep the records of your testing-the-waters communications in one place." />
      <EmptyState icon={ShieldCheck} title="Your compliance vault is empty">
        Filed materials and communication records will be kept here.
      </EmptyState>
    </>
  );
}

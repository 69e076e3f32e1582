import { PencilRuler } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Edit Form" description="Fields, styling, welcome screen and offering details, with a live preview." />
      <EmptyState icon={PencilRuler} title="Form editor">
        Open a form from Investor Forms to edit its fields, styling and offering details.
      </EmptyState>
    </>
  );
}

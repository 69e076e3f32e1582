import { Code2 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Embed Options" description="Add your investor form to your website as a floating button or an inline form." />
      <EmptyState icon={Code2} title="Embed snippets">
        Publish the form to get its floating-button and inline snippets.
      </EmptyState>
    </>
  );
}

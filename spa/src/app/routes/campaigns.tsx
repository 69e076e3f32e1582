import { Mail } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Campaigns" description="E-mail your investor leads with updates about your raise." />
      <EmptyState icon={Mail} title="No campaigns yet">
        Campaigns let you keep interested investors informed as your raise progresses.
      </EmptyState>
    </>
  );
}

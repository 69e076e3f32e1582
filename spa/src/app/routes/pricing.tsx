import { CreditCard } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Pricing" description="Every plan starts with a 7-day free trial." />
      <EmptyState icon={CreditCard} title="Plans">
        RaiseSpark and RaiseSpark Pro, each with a 7-day free trial.
      </EmptyState>
    </>
  );
}

import { TrendingUp } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Raise Capital" description="A step-by-step guide to a Regulation Crowdfunding raise." />
      <EmptyState icon={TrendingUp} title="Your Reg CF readiness guide">
        Choose a funding portal, prepare financials, test the waters, file Form C, launch and close.
      </EmptyState>
    </>
  );
}

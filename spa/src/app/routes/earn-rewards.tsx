import { Gift } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function Page() {
  return (
    <>
      <PageHeader title="Earn Rewards" description="Share RaiseSpark with other founders and earn a free month for each one who subscribes." />
      <EmptyState icon={Gift} title="No referrals yet">
        Share your personal referral link to start earning rewards.
      </EmptyState>
    </>
  );
}

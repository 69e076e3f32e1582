import { ReviewQueuePage } from '@/features/teams/components/review-queue';

export default function Page() {
  return <ReviewQueuePage />;
}

import { useParams } from 'react-router';
import { CampaignResultsPage } from '@/features/campaigns/components/results-page';

export default function Page() {
  const { campaignId = '' } = useParams();
  return <CampaignResultsPage key={campaignId} id={campaignId} />;
}

import { useParams } from 'react-router';
import { CampaignEditorPage } from '@/features/campaigns/components/campaign-editor';

export default function Page() {
  const { campaignId = '' } = useParams();
  return <CampaignEditorPage key={campaignId} id={campaignId} />;
}

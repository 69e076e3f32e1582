import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';

export default function Page() {
  return <CampaignsPage />;
}

import { ImportInvestmentsPage } from '@/features/investments/components/import-page';

export default function Page() {
  return <ImportInvestmentsPage />;
}

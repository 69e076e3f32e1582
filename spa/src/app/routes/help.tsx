import { HelpCenter } from '@/features/help/components/help-center';
import { PublicFooter } from '../layouts/public-footer';

export default function HelpPage() {
  return (
    <>
      <HelpCenter />
      <PublicFooter />
    </>
  );
}

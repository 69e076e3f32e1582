import { PublicPage } from '../layouts/public-page';

export default function Page() {
  return <PublicPage title="What Does an Equity Crowdfunding Raise Cost?" eyebrow="Founder guide" lead="Portal fees, legal, accounting, Form C and marketing: the cost lines of a Reg CF raise." />;
}

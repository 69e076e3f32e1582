import { PublicPage } from '../layouts/public-page';

export default function Page() {
  return <PublicPage title="Contact Us" eyebrow="Support" lead="Questions about RaiseSpark or your raise? We usually answer within one business day." />;
}

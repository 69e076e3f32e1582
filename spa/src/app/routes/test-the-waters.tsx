import { PublicPage } from '../layouts/public-page';

export default function Page() {
  return <PublicPage title="Testing the Waters under Regulation CF" eyebrow="Founder guide" lead="What you may and may not do when gauging investor interest before filing Form C." />;
}

import { PublicPage } from '../layouts/public-page';

export default function Page() {
  return <PublicPage title="Privacy Policy" eyebrow="Legal" lead="What RaiseSpark collects from founders and investors, why, and for how long." />;
}

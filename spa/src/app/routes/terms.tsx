import { PublicPage } from '../layouts/public-page';

export default function Page() {
  return <PublicPage title="Terms of Service" eyebrow="Legal" lead="The terms that apply when you use RaiseSpark." />;
}

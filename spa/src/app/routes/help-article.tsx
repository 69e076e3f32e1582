import { useParams } from 'react-router';
import { HelpArticlePage } from '@/features/help/components/help-article';
import { findArticle } from '@/features/help/content';
import { PublicFooter } from '../layouts/public-footer';
import NotFoundPage from './not-found';

/** /help/:slug; an unknown slug is the not-found page. */
export default function HelpArticleRoute() {
  const { slug } = useParams();
  const article = findArticle(slug);
  if (!article) return <NotFoundPage />;
  return (
    <>
      <HelpArticlePage key={article.slug} article={article} />
      <PublicFooter />
    </>
  );
}

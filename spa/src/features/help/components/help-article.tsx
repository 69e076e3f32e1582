import { ArrowLeft, CalendarDays, ChevronRight, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Markdown, { type MarkdownComponents } from '@/components/ui/markdown';
import { Canonical } from '@/features/marketing/components/canonical';
import { Prose } from '@/features/marketing/components/prose';
import { formatUpdated, headingId, relatedArticles, sectionHeadings, sectionOf, type HelpArticle } from '../articles';
import { HELP_ARTICLES } from '../content';
import { AskSparkyCta } from './ask-sparky-cta';
import { SectionIcon } from './section-icon';

/** The text of a rendered heading (its children may hold emphasis or code). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/** `##` headings get the ids the 'On this page' list links to. */
const HEADINGS: MarkdownComponents = {
  h2: ({ children }) => <h2 id={headingId(textOf(children))}>{children}</h2>,
};

/** Code, quotes and rules inside an article (Prose styles the rest). */
const ARTICLE_EXTRAS = [
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_code]:text-gray-900',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-gray-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-gray-100',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
  '[&_hr]:my-10 [&_hr]:border-gray-200 [&_table]:block [&_table]:overflow-x-auto sm:[&_table]:table',
].join(' ');

/** /help/:slug: one article of the Help Center, with its section, related articles and a call to action. */
export function HelpArticlePage({ article }: { article: HelpArticle }) {
  const section = sectionOf(article);
  const headings = sectionHeadings(article.body);
  const related = relatedArticles(article, HELP_ARTICLES);

  return (
    <>
      <title>{`${article.title} | RaiseSpark`}</title>
      <meta name="description" content={article.summary} />
      <Canonical path={`/help/${article.slug}`} />
      <main className="flex-1">
        <header className="border-b border-gray-100 bg-gradient-to-b from-brand-50/70 to-white">
          <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
            <Link to="/help" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-600">
              <ArrowLeft className="size-4" aria-hidden />
              Back to Help Center
            </Link>
            <div className="mt-6 max-w-3xl">
              <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-600">
                <SectionIcon section={section.id} className="size-4" />
                {section.title}
              </p>
              <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{article.title}</h1>
              <p className="mt-4 text-lg text-gray-600">{article.summary}</p>
              <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-gray-500">
                <CalendarDays className="size-4" aria-hidden />
                Updated <time dateTime={article.updated}>{formatUpdated(article.updated)}</time>
              </p>
            </div>
          </div>
        </header>

        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:px-8">
          <div className="min-w-0">
            <article aria-label={article.title} className="max-w-3xl">
              <Prose className={ARTICLE_EXTRAS}>
                <Markdown components={HEADINGS}>{article.body}</Markdown>
              </Prose>
            </article>
            <AskSparkyCta className="mt-14 max-w-3xl" />
          </div>

          <aside aria-label="About this article" className="space-y-8 lg:sticky lg:top-8 lg:self-start">
            {headings.length > 1 ? (
              <nav aria-labelledby="on-this-page" className="hidden lg:block">
                <h2 id="on-this-page" className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
                  On this page
                </h2>
                <ul className="mt-3 space-y-1 border-l border-gray-200">
                  {headings.map((heading) => (
                    <li key={heading.id}>
                      <a
                        href={`#${heading.id}`}
                        className="-ml-px block border-l border-transparent py-1 pl-3 text-sm text-gray-600 hover:border-brand-500 hover:text-gray-900"
                      >
                        {heading.text}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            {related.length > 0 ? (
              <nav aria-labelledby="related-articles">
                <h2 id="related-articles" className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
                  Related articles
                </h2>
                <ul className="mt-3 space-y-2">
                  {related.map((other) => (
                    <li key={other.slug}>
                      <Link
                        to={`/help/${other.slug}`}
                        className="group flex items-start gap-2.5 rounded-lg p-2 -mx-2 text-sm text-gray-700 transition-colors hover:bg-gray-50 hover:text-brand-700"
                      >
                        <FileText className="mt-0.5 size-4 shrink-0 text-gray-400 group-hover:text-brand-500" aria-hidden />
                        <span>{other.title}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <Link
              to="/help"
              className="flex items-center justify-between rounded-xl bg-gray-50 px-4 py-3 text-sm font-medium text-gray-700 ring-1 ring-gray-200 hover:bg-gray-100"
            >
              All Help Center articles
              <ChevronRight className="size-4 text-gray-400" aria-hidden />
            </Link>
          </aside>
        </div>
      </main>
    </>
  );
}

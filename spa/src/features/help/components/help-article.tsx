import { ArrowLeft, CalendarDays, ChevronRight, FileText } from 'lucide-react';
import { isValidElement, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import Markdown, { type MarkdownComponents } from '@/components/ui/markdown';
import { Canonical } from '@/features/marketing/components/canonical';
import { Prose } from '@/features/marketing/components/prose';
import { formatUpdated, headingId, relatedArticles, sectionHeadings, sectionOf, type HelpArticle } from '../articles';
import { HELP_ARTICLES } from '../content';
import { useAuth } from '@/features/auth/auth-context';
import { useForms } from '@/features/forms/api/get-forms';
import { CodeBox } from '@/features/forms/embed/code-box';
import { hasEmbedPlaceholder, personaliseEmbedCode } from '@/features/forms/embed/snippets';
import type { Form } from '@/features/forms/types';
import { AskSparkyCta } from './ask-sparky-cta';
import { SectionIcon } from './section-icon';

/** The text of a rendered heading (its children may hold emphasis or code). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/** 'html' for a fenced block's `language-html` code element. */
function languageOf(node: ReactNode): string | null {
  const child = Array.isArray(node) ? node[0] : node;
  if (!isValidElement(child)) return null;
  const className = (child.props as { className?: string }).className ?? '';
  return /language-(\w+)/.exec(className)?.[1] ?? null;
}

/**
 * `##` headings get the ids the 'On this page' list links to; code blocks are copyable boxes,
 * with a signed-in founder's own form id and this site's embed.js in place of the article's
 * placeholders (`form`).
 */
function articleComponents(form: Form | undefined): MarkdownComponents {
  return {
    h2: ({ children }) => <h2 id={headingId(textOf(children))}>{children}</h2>,
    pre: ({ children }) => {
      const text = textOf(children).replace(/\n$/, '');
      const code = form ? personaliseEmbedCode(text, window.location.origin, form) : text;
      const language = languageOf(children);
      return <CodeBox className="mt-4" code={code} kind={language ? language.toUpperCase() : 'Code'} label={`${language ? `${language.toUpperCase()} ` : ''}code example`} />;
    },
  };
}

/**
 * The founder's forms whose code an article can show (published first, archived left out), and
 * the one chosen; none when signed out or when the article has no embed code.
 */
function useArticleForm(article: HelpArticle) {
  const { user } = useAuth();
  const wanted = Boolean(user) && hasEmbedPlaceholder(article.body);
  const { data } = useForms(wanted);
  const forms = useMemo(
    () => (data?.forms ?? []).filter((form) => !form.is_archived).sort((a, b) => Number(b.is_published) - Number(a.is_published)),
    [data],
  );
  const [chosenId, setChosenId] = useState<string | null>(null);
  const form = wanted ? (forms.find((candidate) => candidate.id === chosenId) ?? forms[0]) : undefined;
  return { wanted, forms, form, choose: setChosenId };
}

/** Which form's code the article shows, with a picker when the founder has several. */
function FormCodeNotice({ forms, form, choose }: { forms: Form[]; form: Form; choose: (id: string) => void }) {
  return (
    <div className="mb-8 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100">
      {forms.length > 1 ? (
        <>
          <label htmlFor="article-form">The code below is for your form</label>
          <select
            id="article-form"
            value={form.id}
            onChange={(event) => choose(event.target.value)}
            className="max-w-full min-w-0 rounded-lg border border-brand-200 bg-white py-1.5 pr-8 pl-3 text-sm font-medium text-gray-900"
          >
            {forms.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
                {candidate.is_published ? '' : ' (draft)'}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="min-w-0 break-words">
          The code below is for your form <strong className="font-semibold">{form.name}</strong>.
        </p>
      )}
    </div>
  );
}

/** Inline code, quotes and rules inside an article (Prose styles the rest; code blocks are CodeBoxes). */
const ARTICLE_EXTRAS = [
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_code]:text-gray-900',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-gray-100',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
  '[&_hr]:my-10 [&_hr]:border-gray-200 [&_table]:block [&_table]:overflow-x-auto sm:[&_table]:table',
].join(' ');

/** /help/:slug: one article of the Help Center, with its section, related articles and a call to action. */
export function HelpArticlePage({ article }: { article: HelpArticle }) {
  const section = sectionOf(article);
  const headings = sectionHeadings(article.body);
  const related = relatedArticles(article, HELP_ARTICLES);
  const { forms, form, choose } = useArticleForm(article);
  const components = useMemo(() => articleComponents(form), [form]);

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
              {form ? <FormCodeNotice forms={forms} form={form} choose={choose} /> : null}
              <Prose className={ARTICLE_EXTRAS}>
                <Markdown components={components}>{article.body}</Markdown>
              </Prose>
            </article>
            <AskSparkyCta className="mt-14 max-w-3xl" />
          </div>

          <aside aria-label="About this article" className="space-y-8 lg:sticky lg:top-24 lg:self-start">
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

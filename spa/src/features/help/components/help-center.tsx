import { ChevronRight, FileText, Search, SearchX } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Canonical } from '@/features/marketing/components/canonical';
import { cn } from '@/lib/utils';
import { groupBySection, searchArticles, sectionOf, type HelpArticle } from '../articles';
import { HELP_ARTICLES } from '../content';
import { AskSparkyCta } from './ask-sparky-cta';
import { SectionIcon } from './section-icon';

/** Shortcuts under the search box: what founders look for first. */
const POPULAR_SLUGS = ['getting-started', 'embed-wordpress', 'test-the-waters-rules', 'lead-temperature', 'reg-cf-offering-limit'];

/** /help: every article by section, and a search over titles, summaries, tags and bodies. */
export function HelpCenter() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const query = useDeferredValue(text.trim());
  const results = useMemo(() => (query ? searchArticles(HELP_ARTICLES, query) : null), [query]);
  const groups = useMemo(() => groupBySection(HELP_ARTICLES), []);
  const popular = POPULAR_SLUGS.map((slug) => HELP_ARTICLES.find((article) => article.slug === slug)).filter(
    (article): article is HelpArticle => Boolean(article),
  );
  const searchId = useId();

  const onSearch = (value: string) => {
    setText(value);
    // The address keeps the search, so Back from an article returns to the same results.
    setParams(value.trim() ? { q: value.trim() } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <title>Help Center | RaiseSpark</title>
      <meta
        name="description"
        content="Guides to RaiseSpark and to raising capital under Regulation Crowdfunding: forms, embedding, leads, testing the waters and Form C."
      />
      <Canonical path="/help" />
      <main className="flex-1">
        <section className="border-b border-gray-100 bg-gradient-to-b from-brand-50/70 to-white">
          <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
            <p className="text-sm font-semibold text-brand-600">Help Center</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">How can we help?</h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600">
              Guides to RaiseSpark and to raising under Regulation Crowdfunding, from your first investor form to your Form C.
            </p>
            <form role="search" onSubmit={(event) => event.preventDefault()} className="relative mx-auto mt-8 max-w-xl">
              <label htmlFor={searchId} className="sr-only">
                Search the Help Center
              </label>
              <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-400" aria-hidden />
              <input
                id={searchId}
                type="search"
                value={text}
                onChange={(event) => onSearch(event.target.value)}
                placeholder="Search articles, e.g. WordPress"
                autoComplete="off"
                spellCheck={false}
                className="block h-13 w-full rounded-xl border-0 bg-white pr-4 pl-12 text-base text-gray-900 shadow-md ring-1 shadow-brand-900/5 ring-gray-200 placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus-visible:outline-none!"
              />
            </form>
            {popular.length > 0 ? (
              <div className="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm">
                <span className="text-gray-500">Popular:</span>
                {popular.map((article) => (
                  <Link
                    key={article.slug}
                    to={`/help/${article.slug}`}
                    className="rounded-full bg-white px-3 py-1 font-medium text-gray-700 ring-1 ring-gray-200 transition-colors hover:text-brand-700 hover:ring-brand-200"
                  >
                    {shortTitle(article)}
                  </Link>
                ))}
              </div>
            ) : null}
          </div>
        </section>

        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          {results ? <SearchResults query={query} results={results} onClear={() => onSearch('')} /> : <Sections groups={groups} />}
          <AskSparkyCta className="mt-16" />
        </div>
      </main>
    </>
  );
}

/** 'Embed your investor form on WordPress' reads 'WordPress embed' in a chip. */
function shortTitle(article: HelpArticle): string {
  const SHORT: Record<string, string> = {
    'getting-started': 'Getting started',
    'embed-wordpress': 'Embed on WordPress',
    'test-the-waters-rules': 'Testing the waters',
    'lead-temperature': 'Hot, warm and cold leads',
    'reg-cf-offering-limit': 'Reg CF essentials',
  };
  return SHORT[article.slug] ?? article.title;
}

function Sections({ groups }: { groups: ReturnType<typeof groupBySection> }) {
  return (
    <div className="gap-6 md:columns-2">
      {groups.map(({ section, articles }) => (
        <section
          key={section.id}
          aria-labelledby={`help-section-${section.id}`}
          className="mb-6 inline-block w-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <SectionIcon section={section.id} className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 id={`help-section-${section.id}`} className="text-base font-semibold text-gray-900">
                {section.title}
              </h2>
              <p className="mt-1 text-sm text-gray-600">{section.description}</p>
            </div>
          </div>
          <ul className="mt-4 space-y-0.5 border-t border-gray-100 pt-3">
            {articles.map((article) => (
              <li key={article.slug}>
                <Link
                  to={`/help/${article.slug}`}
                  className="group -mx-2 flex items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm text-gray-700 transition-colors hover:bg-gray-50 hover:text-brand-700"
                >
                  <FileText className="mt-0.5 size-4 shrink-0 text-gray-400 group-hover:text-brand-500" aria-hidden />
                  <span>{article.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function SearchResults({ query, results, onClear }: { query: string; results: HelpArticle[]; onClear: () => void }) {
  return (
    <section aria-labelledby="help-results-title" className="mx-auto max-w-3xl">
      <h2 id="help-results-title" className="sr-only">
        Search results
      </h2>
      <p role="status" className="text-sm text-gray-600">
        {results.length === 0
          ? `No articles match “${query}”.`
          : `${results.length} ${results.length === 1 ? 'article matches' : 'articles match'} “${query}”.`}
      </p>
      {results.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <SearchX className="size-6" aria-hidden />
          </span>
          <p className="mt-4 text-base font-semibold text-gray-900">Nothing found</p>
          <p className="mt-1.5 max-w-md text-sm text-gray-600">
            Try fewer or different words, browse all articles, or{' '}
            <Link to="/contact-us" className="font-medium text-brand-700 underline underline-offset-2">
              contact us
            </Link>
            .
          </p>
          <button type="button" onClick={onClear} className="mt-6 text-sm font-semibold text-brand-700 hover:text-brand-600">
            Browse all articles
          </button>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
          {results.map((article) => {
            const section = sectionOf(article);
            return (
              <li key={article.slug}>
                <Link to={`/help/${article.slug}`} className="group flex items-start gap-4 px-5 py-4 transition-colors hover:bg-gray-50">
                  <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <SectionIcon section={section.id} className="size-4.5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-gray-900 group-hover:text-brand-700">{article.title}</span>
                    <span className="mt-1 block text-sm text-gray-600">{article.summary}</span>
                    <span className="mt-1.5 block text-xs font-medium text-gray-500">{section.title}</span>
                  </span>
                  <ChevronRight className={cn('mt-2 size-4 shrink-0 text-gray-400 group-hover:text-brand-600')} aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

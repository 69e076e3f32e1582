import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { linkTarget, safeMarkdownUrl } from './markdown-links';

type MarkdownProps = {
  children: string;
  /** Called after a link to a page of the app is followed (e.g. to close the chat panel). */
  onInternalLink?: () => void;
  /** Element overrides (e.g. headings with ids); links are always handled here. */
  components?: Components;
};

/**
 * Markdown as the app renders it (Sparky's answers, Help Center articles): GitHub tables and
 * lists, no raw HTML, links filtered by the spec's rule (markdown-links.ts). Links to pages of
 * the app navigate inside the SPA; other sites open in a new tab. A dropped link keeps its text.
 * Styling comes from the wrapper (Prose or the chat bubble). Loaded on demand: react-markdown
 * stays out of the entry bundle.
 */
export default function Markdown({ children, onInternalLink, components }: MarkdownProps) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      urlTransform={safeMarkdownUrl}
      components={{
        ...components,
        a: ({ href, children: text }) => (
          <MarkdownLink href={href} onInternalLink={onInternalLink}>
            {text}
          </MarkdownLink>
        ),
      }}
    >
      {children}
    </ReactMarkdown>
  );
}

function MarkdownLink({ href, onInternalLink, children }: { href?: string; onInternalLink?: () => void; children: ReactNode }) {
  if (!href) return <span>{children}</span>;
  switch (linkTarget(href)) {
    case 'internal':
      return (
        <Link to={href} onClick={onInternalLink}>
          {children}
        </Link>
      );
    case 'fragment':
      return <a href={href}>{children}</a>;
    case 'external':
      return href.startsWith('mailto:') ? (
        <a href={href}>{children}</a>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
  }
}

export type { Components as MarkdownComponents };

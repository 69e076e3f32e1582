/**
 * Spec 5: links in chat Markdown are kept only when their scheme is http, https, irc, ircs,
 * mailto or xmpp, or when they are relative; any other link (javascript:, data:, sms:, file:…)
 * is dropped. Used as react-markdown's `urlTransform`, so it also applies to image sources.
 */
const SAFE_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/**
 * The URL to keep, or null to drop the link. Tabs, newlines and leading or trailing control
 * characters are removed first, as a browser would before reading the scheme
 * (`java\tscript:` is `javascript:` to a browser).
 */
export function safeMarkdownUrl(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const colon = cleaned.indexOf(':');
  // No colon, or a '/', '?' or '#' before the first one: a relative reference, not a scheme.
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (colon === -1 || (firstDelimiter !== -1 && firstDelimiter < colon)) return cleaned;
  const scheme = cleaned.slice(0, colon).toLowerCase();
  return SAFE_SCHEMES.includes(scheme) ? cleaned : null;
}

/** Where a kept link leads: a page of this app (client-side navigation) or elsewhere. */
export type LinkTarget = 'internal' | 'fragment' | 'external';

export function linkTarget(url: string): LinkTarget {
  if (url.startsWith('#')) return 'fragment';
  // '//host/path' is relative to the scheme only: another site.
  if (url.startsWith('/') && !url.startsWith('//')) return 'internal';
  if (!url.includes(':') && !url.startsWith('//')) return 'internal';
  return 'external';
}

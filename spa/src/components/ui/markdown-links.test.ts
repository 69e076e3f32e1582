import { describe, expect, it } from 'vitest';
import { linkTarget, safeMarkdownUrl } from './markdown-links';

describe('the chat link rule (spec 5)', () => {
  it('keeps http, https, irc, ircs, mailto and xmpp links', () => {
    for (const url of [
      'http://example.com',
      'https://raisespark.com/pricing',
      'HTTPS://EXAMPLE.COM',
      'irc://irc.libera.chat/raisespark',
      'ircs://irc.libera.chat:6697/raisespark',
      'mailto:support@raisespark.com',
      'xmpp:support@raisespark.com',
    ]) {
      expect(safeMarkdownUrl(url), url).toBe(url);
    }
  });

  it('keeps relative links, including paths with a colon after the first slash', () => {
    for (const url of ['/help/embed-wordpress', '/leads?temperature=hot', 'embed-options', '#inline-form', '?q=wordpress', '/a:b', '//cdn.example.com/x.js']) {
      expect(safeMarkdownUrl(url), url).toBe(url);
    }
  });

  it('drops every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'sms:+15550100',
      'tel:+15550100',
      'ftp://example.com',
    ]) {
      expect(safeMarkdownUrl(url), url).toBeNull();
    }
  });

  it('reads the scheme as a browser does, ignoring tabs, newlines and surrounding control characters', () => {
    expect(safeMarkdownUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeMarkdownUrl('java\nscript:alert(1)')).toBeNull();
    expect(safeMarkdownUrl(' \u0001javascript:alert(1)')).toBeNull();
    expect(safeMarkdownUrl('  https://example.com  ')).toBe('https://example.com');
  });

  it('tells pages of the app from other sites', () => {
    expect(linkTarget('/help/embed-wordpress')).toBe('internal');
    expect(linkTarget('/leads?temperature=hot')).toBe('internal');
    expect(linkTarget('#inline-form')).toBe('fragment');
    expect(linkTarget('//cdn.example.com')).toBe('external');
    expect(linkTarget('https://example.com')).toBe('external');
    expect(linkTarget('mailto:support@raisespark.com')).toBe('external');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import Markdown from './markdown';

const render = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Markdown>{text}</Markdown>
    </MemoryRouter>,
  );

describe('Markdown', () => {
  it('renders a link to a page of the app as an in-app link', () => {
    expect(render('Read [the article](/help/embed-wordpress).')).toContain('<a href="/help/embed-wordpress" data-discover="true">the article</a>');
  });

  it('opens other sites in a new tab', () => {
    const html = render('[SEC](https://www.sec.gov/)');
    expect(html).toContain('href="https://www.sec.gov/" target="_blank" rel="noopener noreferrer"');
  });

  it('keeps the text of a dropped link but not the link', () => {
    const html = render('[click me](javascript:alert(1)) or [text us](sms:+15550100)');
    expect(html).not.toContain('href');
    expect(html).toContain('<span>click me</span>');
    expect(html).toContain('<span>text us</span>');
  });

  it('renders tables and never raw HTML', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>');
    expect(html).toContain('<table>');
    expect(html).not.toContain('<script>');
  });
});

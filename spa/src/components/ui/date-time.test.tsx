import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFullDateTime } from '@/lib/dates';
import { DateTime } from './date-time';

const AT = '2026-11-24T20:05:00.123456789Z';

describe('DateTime', () => {
  it('shows the short date, with the instant machine-readable and in full with its time zone on hover', () => {
    const html = renderToStaticMarkup(<DateTime value={AT} />);
    expect(html).toBe(`<time dateTime="2026-11-24T20:05:00.123Z" title="${formatFullDateTime(AT)}">${formatDate(AT)}</time>`);
    expect(formatFullDateTime(AT)).toMatch(/^\w+day, November 2[45], 2026, \d{1,2}:05 [AP]M \S+$/);
  });

  it('shows the time where the time matters', () => {
    expect(renderToStaticMarkup(<DateTime value={AT} withTime />)).toContain(`>${formatDateTime(AT)}</time>`);
  });

  it('keeps a page\'s own wording visible and the full date on hover', () => {
    const html = renderToStaticMarkup(<DateTime value={AT}>Tue 24th</DateTime>);
    expect(html).toContain(`title="${formatFullDateTime(AT)}">Tue 24th</time>`);
  });

  it('never shows a value it cannot read', () => {
    expect(renderToStaticMarkup(<DateTime value="1732478700123456789" />)).toBe('<span>—</span>');
    expect(renderToStaticMarkup(<DateTime value={null} />)).toBe('<span>—</span>');
  });
});

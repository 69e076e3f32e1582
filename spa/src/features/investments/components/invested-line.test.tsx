import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IndicatedVsInvested } from './indicated-vs-invested';
import { InvestedLine } from './invested-line';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('InvestedLine', () => {
  it('says what the lead invested', () => {
    const html = renderToStaticMarkup(<InvestedLine investment={{ investedCents: 250_000, date: '2025-03-01', count: 1, pendingCents: 0 }} />);
    expect(text(html)).toBe('Invested $2,500 on Mar 1, 2025');
  });

  it('says what is pending on the portal', () => {
    expect(text(renderToStaticMarkup(<InvestedLine investment={{ investedCents: 0, date: null, count: 1, pendingCents: 75_000 }} />))).toBe('$750 pending on the portal');
  });

  it('says "Not invested yet" without an investment', () => {
    expect(text(renderToStaticMarkup(<InvestedLine investment={null} />))).toBe('Not invested yet');
  });
});

describe('IndicatedVsInvested', () => {
  it('shows what was indicated and what was invested against the target, never "raised"', () => {
    const html = renderToStaticMarkup(<IndicatedVsInvested indicated={50_000} investedCents={2_500_000} target={100_000} />);
    const shown = text(html);
    expect(shown).toContain('Indicated vs invested');
    expect(shown).toContain('Target $100,000');
    expect(shown).toContain('Indicated $50,000');
    expect(shown).toContain('Invested $25,000');
    expect(shown).toContain('25% of your target invested.');
    expect(html).toContain('width:50%');
    expect(html).toContain('width:25%');
    expect(shown).not.toMatch(/raised/i);
  });

  it('says when no target is set', () => {
    expect(text(renderToStaticMarkup(<IndicatedVsInvested indicated={0} investedCents={0} target={null} />))).toContain('No target set');
  });
});

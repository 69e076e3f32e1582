import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './utils';

/** Every class-like word in the string literals of src/ (the SPA's whole vocabulary). */
function vocabulary(): string[] {
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./utils.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const words = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      for (const word of literal[2]!.split(/\s+/)) {
        if (/^[!a-z0-9[\]:_\-./%()&*>=#,+~@]+$/.test(word) && /[a-z]/.test(word) && !word.startsWith('/') && !word.startsWith('.')) words.add(word);
      }
    }
  }
  // One word per shape (`bg-gray-100` stands for `bg-red-50/40`): the groups do not depend on
  // the colour or the number, and the pairs stay few enough for a quick test.
  const shapes = new Map<string, string>();
  const bare = /^(block|inline|flex|grid|table|contents|hidden|static|fixed|absolute|relative|sticky|isolate|visible|invisible|truncate|uppercase|lowercase|capitalize|underline|italic|grow|shrink|border|rounded|shadow|ring|transition|antialiased|blur|outline)$/;
  for (const word of words) {
    if (!/[-:]/.test(word) && !bare.test(word)) continue;
    const shape = word.replace(/(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand)-\d+/g, 'c').replace(/\d+(\.\d+)?/g, '0');
    if (!shapes.has(shape)) shapes.set(shape, word);
  }
  return [...shapes.values()];
}

describe('cn', () => {
  it('lets the later class of a group win, as tailwind-merge does', () => {
    expect(cn('block w-full rounded-lg px-3 ring-1 ring-gray-300 focus:ring-brand-600', 'pr-9 pl-9', 'ring-red-400 focus:ring-red-500')).toBe(
      'block w-full rounded-lg px-3 ring-1 pr-9 pl-9 ring-red-400 focus:ring-red-500',
    );
    expect(cn('inline-flex size-8 bg-brand-100 text-xs text-brand-700', 'size-12 text-base', false && 'hidden')).toBe(
      'inline-flex bg-brand-100 text-brand-700 size-12 text-base',
    );
    expect(cn('animate-pulse rounded-md bg-gray-200/80', 'h-5 w-14 rounded-full')).toBe('animate-pulse bg-gray-200/80 h-5 w-14 rounded-full');
    expect(cn('text-gray-700 hover:bg-gray-100 h-8 px-3 text-sm', 'h-7 px-2.5 text-xs text-white hover:bg-white/10')).toBe(
      'h-7 px-2.5 text-xs text-white hover:bg-white/10',
    );
  });

  it('keeps classes that are not Tailwind utilities, such as the form view’s own', () => {
    expect(cn('rs-field rs-input rs-required', 'group relative')).toBe('rs-field rs-input rs-required group relative');
  });

  it('agrees with tailwind-merge on every pair of classes the SPA uses', () => {
    const words = vocabulary();
    expect(words.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of words) {
      for (const second of words) {
        if (first === second) continue;
        // tailwind-merge 3 files Tailwind v3's bg-gradient-to-* under background colour; they
        // set background-image, so both stay here.
        if (/bg-gradient-to/.test(first + second) && /(^|:)bg-/.test(first) && /(^|:)bg-/.test(second)) continue;
        const classes = `${first} ${second}`;
        if (cn(classes) !== twMerge(classes)) differences.push(`${classes} → ${cn(classes)} (tailwind-merge: ${twMerge(classes)})`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 120_000);
});

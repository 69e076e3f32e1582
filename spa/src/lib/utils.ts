import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names, and when two Tailwind classes set the same thing (`px-3` then `pl-9`,
 * `ring-gray-300` then `ring-red-400`, `size-8` then `size-12`) the later one wins, as with
 * tailwind-merge. tailwind-merge itself weighs about 8 KB gzipped, which the dashboard's
 * first download cannot afford; this covers the utilities the SPA uses, and
 * `utils.test.ts` checks it agrees with tailwind-merge on every pair of classes in `src/`.
 */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/** Utilities that are a single word, by group. */
const WORDS = Object.fromEntries(
  (
    'display:block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column ' +
    'table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid ' +
    'contents list-item hidden;position:static fixed absolute relative sticky;visibility:visible invisible collapse;' +
    'isolation:isolate isolation-auto;case:uppercase lowercase capitalize normal-case;' +
    'decoration:underline overline line-through no-underline;font-style:italic not-italic;' +
    'smoothing:antialiased subpixel-antialiased;text-overflow:truncate text-ellipsis text-clip;sr:sr-only not-sr-only;' +
    'grow:grow;shrink:shrink;transition:transition;border:border;ring:ring;shadow:shadow;rounded:rounded;blur:blur;' +
    'backdrop-blur:backdrop-blur;divide-x:divide-x;divide-y:divide-y'
  )
    .split(';')
    .flatMap((entry) => {
      const [group, words] = entry.split(':') as [string, string];
      return words.split(' ').map((word) => [word, group]);
    }),
);

const WIDTH = '(\\d+|\\[.+\\])';
const SIDE = '(-[xytrblse])?';

/** [pattern, group]; `$1` in a group is the pattern's first capture (or nothing). The first match wins. */
const RULES: [RegExp, string][] = (
  [
    ['text-(xs|sm|base|lg|[2-9]?xl)$', 'font-size'],
    ['text-(left|center|right|justify|start|end)$', 'text-align'],
    ['text-(wrap|nowrap|balance|pretty)$', 'text-wrap'],
    ['text-', 'text-color'],
    ['font-(sans|serif|mono)$', 'font-family'],
    ['font-', 'font-weight'],
    ['bg-(gradient-to|linear|radial|conic|none)', 'bg-image'],
    ['bg-(fixed|local|scroll)$', 'bg-attachment'],
    ['bg-(auto|cover|contain)$', 'bg-size'],
    ['bg-(bottom|center|left|right|top)', 'bg-position'],
    ['bg-.*repeat', 'bg-repeat'],
    ['bg-clip-', 'bg-clip'],
    ['bg-', 'bg-color'],
    ['rounded-(none|xs|sm|md|lg|[2-4]?xl|full|\\[.+\\])$', 'rounded'],
    ['(rounded-[a-z]+)', '$1'],
    [`border${SIDE}(-${WIDTH})?$`, 'border$1'],
    ['border-(solid|dashed|dotted|double|hidden|none)$', 'border-style'],
    ['border-(collapse|separate)$', 'border-collapse'],
    [`border${SIDE}-`, 'border-color$1'],
    [`ring-${WIDTH}$`, 'ring'],
    ['ring-inset$', 'ring-inset'],
    [`ring-offset-${WIDTH}$`, 'ring-offset-w'],
    ['ring-offset-', 'ring-offset-color'],
    ['ring-', 'ring-color'],
    ['(divide-[xy])(-\\d+)?$', '$1'],
    ['divide-(solid|dashed|dotted|double|none)$', 'divide-style'],
    ['divide-', 'divide-color'],
    ['outline-(none|hidden|solid|dashed|dotted|double)$', 'outline-style'],
    [`outline-${WIDTH}$`, 'outline-w'],
    ['outline-offset-', 'outline-offset'],
    ['outline-', 'outline-color'],
    ['shadow-(2xs|xs|sm|md|lg|[2-9]?xl|none|inner)$', 'shadow'],
    ['shadow-', 'shadow-color'],
    ['flex-(row|col)', 'flex-direction'],
    ['flex-.*wrap', 'flex-wrap'],
    ['flex-', 'flex'],
    ['(justify-(items|self))-', '$1'],
    ['justify-', 'justify-content'],
    ['transition-', 'transition'],
    ['break-', 'word-break'],
    ['list-(inside|outside)$', 'list-position'],
    ['list-', 'list-type'],
    [
      '(p[xytrblse]?|m[xytrblse]?|size|[wh]|(min|max)-[wh]|inset(-[xy])?|top|right|bottom|left|start|end|z|order|col-span|' +
        'row-span|grid-cols|grid-rows|gap(-[xy])?|space-[xy]|basis|grow|shrink|self|items|content|place-(items|content|self)|' +
        'leading|tracking|whitespace|line-clamp|opacity|cursor|pointer-events|select|resize|appearance|fill|stroke|animate|' +
        'duration|ease|delay|will-change|overflow(-[xy])?|overscroll|object|aspect|columns|blur|backdrop-blur|accent|caret|' +
        'translate-[xy]|rotate|scale|origin|from|via|to|underline-offset|decoration|indent|align|scroll-[mp]|touch)-',
      '$1',
    ],
  ] as const
).map(([pattern, group]) => [new RegExp(`^${pattern}`), group]);

/** Which groups a group overrides: `p` beats `px`…, `px` beats `pl` and `pr`, and so on. */
const CONFLICTS: Record<string, string> = {
  p: 'px py ps pe pt pr pb pl',
  px: 'pr pl',
  py: 'pt pb',
  m: 'mx my ms me mt mr mb ml',
  mx: 'mr ml',
  my: 'mt mb',
  size: 'w h',
  inset: 'inset-x inset-y top right bottom left start end',
  'inset-x': 'right left',
  'inset-y': 'top bottom',
  gap: 'gap-x gap-y',
  rounded: 'rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l',
  border: 'border-x border-y border-s border-e border-t border-r border-b border-l',
  'border-x': 'border-r border-l',
  'border-y': 'border-t border-b',
  'font-size': 'leading',
  'line-clamp': 'display overflow',
  flex: 'grow shrink basis',
  overflow: 'overflow-x overflow-y',
};

/** The group of a utility without its variants, or null for classes that never conflict. */
function groupOf(utility: string): string | null {
  if (WORDS[utility]) return WORDS[utility];
  const bare = utility.replace(/^-/, '');
  for (const [pattern, group] of RULES) {
    const match = pattern.exec(bare);
    if (match) return group.replace('$1', match[1] ?? '');
  }
  return null;
}

/** Later classes win over earlier ones of the same group and variants (read from the end). */
function mergeClasses(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const list = classes.split(/\s+/).filter(Boolean);
  for (let index = list.length - 1; index >= 0; index--) {
    const name = list[index]!;
    const parts = name.split(/:(?![^[]*\])/);
    const utility = parts.pop()!;
    const group = groupOf(utility.replace(/^!|!$/g, ''));
    if (group) {
      const scope = `${parts.sort().join(':')}${/^!|!$/.test(utility) ? '!' : ''}:`;
      if (taken.has(scope + group)) continue;
      for (const overridden of [group, ...(CONFLICTS[group]?.split(' ') ?? [])]) taken.add(scope + overridden);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

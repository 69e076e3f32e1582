import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Long-form text (guides, policies): readable measure, spacing and list styles. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'text-base leading-7 text-gray-700',
        '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-gray-900 [&_h2:first-child]:mt-0',
        '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900',
        '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-gray-900',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600',
        '[&_table]:mt-6 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_th]:border-b [&_th]:border-gray-200 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_th]:text-gray-900 [&_td]:border-b [&_td]:border-gray-100 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A boxed aside inside long-form text. */
export function Callout({ title, tone = 'brand', children }: { title: string; tone?: 'brand' | 'amber'; children: ReactNode }) {
  return (
    <aside
      aria-label={title}
      className={cn(
        'mt-8 rounded-2xl p-6 ring-1',
        tone === 'brand' ? 'bg-brand-50 ring-brand-100' : 'bg-amber-50 ring-amber-200',
      )}
    >
      <p className="mt-0! font-semibold text-gray-900">{title}</p>
      <div className="[&>*:first-child]:mt-2">{children}</div>
    </aside>
  );
}

import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/**
 * Placeholder rows (avatar, two lines, `trailing`) while a list's first page loads. `trailing`
 * stands for the row's right-hand cells, e.g. a badge and a button.
 */
export function ListSkeleton({ label, rows = 5, header = true, trailing }: { label: string; rows?: number; header?: boolean; trailing?: ReactNode }) {
  return (
    <div role="status" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm" aria-busy="true" aria-label={label}>
      {header ? <div className="h-10 border-b border-gray-200 bg-gray-50" /> : null}
      <ul className="divide-y divide-gray-100">
        {Array.from({ length: rows }, (_, row) => (
          <li key={row} className="flex items-center gap-3 px-5 py-3.5">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
            {trailing}
          </li>
        ))}
      </ul>
    </div>
  );
}

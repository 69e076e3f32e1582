import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A stylised browser window around a rendered product preview. */
export function BrowserFrame({ address, className, children }: { address: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 shadow-brand-900/10 ring-gray-900/10', className)}>
      <div className="flex items-center gap-3 border-b border-gray-200 bg-gray-50 px-4 py-2.5">
        <span className="flex gap-1.5" aria-hidden>
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
        </span>
        <span className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-center text-xs text-gray-600 ring-1 ring-gray-200">
          {address}
        </span>
      </div>
      {children}
    </div>
  );
}

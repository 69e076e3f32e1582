import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * Where a settings card's Save (its primary action) sits, the same in every card: at the
 * bottom, on the right, with an optional note on its left; full width on a phone, under the
 * note. Full-page editors (forms, campaigns) keep their Save in the editor's header instead.
 */
export function FormActions({ note, children, className }: { note?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}>
      {note ? <p className="text-xs text-gray-500">{note}</p> : <span aria-hidden className="hidden sm:block" />}
      <div className="flex flex-col gap-2 sm:shrink-0 sm:flex-row">{children}</div>
    </div>
  );
}

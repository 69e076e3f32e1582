import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { Button } from './button';
import { cn } from '@/lib/utils';

/** Previous / Next over cursor pages, with the page number; nothing while there is one page. */
export function Pager({ label, page, hasNext, busy = false, onPrevious, onNext, className = 'mt-4' }: {
  label: string;
  page: number;
  hasNext: boolean;
  busy?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  className?: string;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <p className="flex items-center gap-2 text-sm text-gray-600">
        {busy ? <Loader2 className="size-4 animate-spin text-gray-400" aria-hidden /> : null}
        Page {page}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page === 1 || busy} onClick={onPrevious}>
          <ChevronLeft className="size-4" aria-hidden /> Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext || busy} onClick={onNext}>
          Next <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

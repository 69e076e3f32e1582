import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Previous / Next over cursor pages, with the page number. */
export function Pager({ label, page, hasNext, busy, onPrevious, onNext }: {
  label: string;
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
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

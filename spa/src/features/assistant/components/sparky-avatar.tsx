import { Sparkles } from 'lucide-react';
import { cn } from '@/lib/utils';

export function SparkyAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm',
        className,
      )}
    >
      <Sparkles className="size-3.5" />
    </span>
  );
}

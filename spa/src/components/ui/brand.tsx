import { Zap } from 'lucide-react';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white', className)}>
      <Zap className="size-4.5" fill="currentColor" aria-hidden />
    </span>
  );
}

export function BrandName({ className }: { className?: string }) {
  return <span className={cn('text-lg font-semibold tracking-tight text-gray-900', className)}>RaiseSpark</span>;
}

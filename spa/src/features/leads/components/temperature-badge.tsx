import { Flame, Snowflake, Sun, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Temperature } from '../api/leads';

export const TEMPERATURE_STYLES: Record<Temperature, { label: string; className: string; icon: LucideIcon }> = {
  hot: { label: 'Hot', className: 'bg-red-50 text-red-700 ring-red-200', icon: Flame },
  warm: { label: 'Warm', className: 'bg-amber-50 text-amber-800 ring-amber-200', icon: Sun },
  cold: { label: 'Cold', className: 'bg-sky-50 text-sky-700 ring-sky-200', icon: Snowflake },
};

export function TemperatureBadge({ value, className }: { value: Temperature; className?: string }) {
  const { label, className: tone, icon: Icon } = TEMPERATURE_STYLES[value];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tone, className)}>
      <Icon className="size-3.5" aria-hidden /> {label}
    </span>
  );
}

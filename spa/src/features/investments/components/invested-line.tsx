import { CircleDashed, CircleDollarSign, Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { investedText } from '../format';
import type { LeadInvestment } from '../types';

/**
 * For the lead panel: what the lead invested through the portals ('Invested $2,500 on Mar 1'),
 * what is pending there ('$500 pending on the portal'), or 'Not invested yet'.
 */
export function InvestedLine({ investment, className }: { investment: LeadInvestment; className?: string }) {
  const invested = Boolean(investment && investment.investedCents > 0);
  const pending = !invested && Boolean(investment && investment.pendingCents > 0);
  const Icon = invested ? CircleDollarSign : pending ? Clock : CircleDashed;
  return (
    <p className={cn('flex items-start gap-2 text-sm', invested ? 'font-medium text-emerald-700' : pending ? 'text-amber-800' : 'text-gray-500', className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0">{investedText(investment)}</span>
    </p>
  );
}

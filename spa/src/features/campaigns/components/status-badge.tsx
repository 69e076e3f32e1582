import { CalendarClock, CheckCircle2, CircleSlash, Loader2, PauseCircle, PencilLine, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { statusLabel, statusTone } from '../status';

const ICONS: Record<string, LucideIcon> = {
  draft: PencilLine,
  scheduled: CalendarClock,
  sending: Loader2,
  paused: PauseCircle,
  sent: CheckCircle2,
  cancelled: CircleSlash,
};

export function CampaignStatusBadge({ status, className }: { status: string; className?: string }) {
  const Icon = ICONS[status] ?? PencilLine;
  return (
    <Badge tone={statusTone(status)} className={className}>
      <Icon className={status === 'sending' ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden />
      {statusLabel(status)}
    </Badge>
  );
}

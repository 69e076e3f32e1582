import { Avatar } from '@/components/ui/avatar';
import { initials } from '@/features/auth/auth-context';
import { cn } from '@/lib/utils';

/** Up to two initials of the investor's name, or '?' when the name is unknown (spec 2). */
export function LeadAvatar({ name, className }: { name: string | null; className?: string }) {
  const letters = initials(name ?? undefined);
  return <Avatar initials={letters} className={cn(letters === '?' && 'bg-gray-100 text-gray-500', className)} />;
}

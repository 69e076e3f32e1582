import {
  Award,
  BadgeDollarSign,
  Code,
  Crown,
  Eye,
  FileText,
  Gem,
  Lock,
  Medal,
  Rocket,
  Sparkles,
  Star,
  TrendingUp,
  Trophy,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Achievement, LeadStats } from '../api/leads';

const ICONS: Record<string, LucideIcon> = {
  joined: Sparkles,
  created_form: FileText,
  embed_form: Code,
  first_visitor: Eye,
  first_lead: UserPlus,
  '100_views': TrendingUp,
  '25_leads': Users,
  '10k_interest': BadgeDollarSign,
  '50_leads': Users,
  '25k_interest': BadgeDollarSign,
  '100_leads': Trophy,
  '50k_interest': Gem,
  '200_leads': Medal,
  '100k_interest': Rocket,
  '500_leads': Crown,
  '500k_interest': Star,
};

/** Earned tiles take the badge's colour; the classes are spelled out for Tailwind. */
const COLORS: Record<string, { tile: string; icon: string }> = {
  amber: { tile: 'bg-amber-50 ring-amber-200', icon: 'bg-amber-500 text-white' },
  blue: { tile: 'bg-blue-50 ring-blue-200', icon: 'bg-blue-500 text-white' },
  green: { tile: 'bg-green-50 ring-green-200', icon: 'bg-green-500 text-white' },
  purple: { tile: 'bg-purple-50 ring-purple-200', icon: 'bg-purple-500 text-white' },
  rose: { tile: 'bg-rose-50 ring-rose-200', icon: 'bg-rose-500 text-white' },
  indigo: { tile: 'bg-indigo-50 ring-indigo-200', icon: 'bg-indigo-500 text-white' },
  emerald: { tile: 'bg-emerald-50 ring-emerald-200', icon: 'bg-emerald-500 text-white' },
  orange: { tile: 'bg-orange-50 ring-orange-200', icon: 'bg-orange-500 text-white' },
};

function BadgeTile({ badge }: { badge: Achievement }) {
  const Icon = ICONS[badge.id] ?? Award;
  const color = COLORS[badge.color] ?? COLORS.indigo!;
  return (
    <li className={cn('flex items-start gap-3 rounded-xl p-3.5 ring-1 ring-inset', badge.earned ? color.tile : 'bg-gray-50 ring-gray-200')}>
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          badge.earned ? color.icon : 'bg-gray-200 text-gray-400',
        )}
      >
        {badge.earned ? <Icon className="size-5" aria-hidden /> : <Lock className="size-4" aria-hidden />}
      </span>
      <div className="min-w-0">
        <p className={cn('text-sm font-semibold', badge.earned ? 'text-gray-900' : 'text-gray-500')}>{badge.title}</p>
        <p className={cn('mt-0.5 text-xs', badge.earned ? 'text-gray-600' : 'text-gray-400')}>{badge.description}</p>
        <p className={cn('mt-1.5 text-xs font-medium', badge.earned ? 'text-gray-700' : 'text-gray-400')}>{badge.earned ? 'Earned' : 'Locked'}</p>
      </div>
    </li>
  );
}

/** The badge tiles of the opened panel: basic, the unlock message and advanced ones. */
export default function AchievementBadgeList({ stats }: { stats: LeadStats }) {
  const achievements = stats.achievements;
  const basic = achievements.filter((badge) => !badge.isAdvanced);
  const advanced = stats.advancedUnlocked ? achievements.filter((badge) => badge.isAdvanced) : [];
  const hiddenEarned = stats.advancedUnlocked ? 0 : achievements.filter((badge) => badge.isAdvanced && badge.earned).length;
  return (
    <>
        {stats.advancedUnlocked ? (
          <p role="status" className="mb-4 flex items-center gap-2 rounded-xl bg-gradient-to-r from-amber-50 to-rose-50 px-4 py-3 text-sm font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
            <Sparkles className="size-4" aria-hidden />
            Achievement Unlocked: Advanced Badges!
          </p>
        ) : null}
        <ul aria-label="Basic badges" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {basic.map((badge) => <BadgeTile key={badge.id} badge={badge} />)}
        </ul>
        {hiddenEarned ? (
          <p className="mt-4 text-sm text-gray-600">
            {`You have also earned ${hiddenEarned} advanced ${hiddenEarned === 1 ? 'badge' : 'badges'}: ${hiddenEarned === 1 ? 'it shows' : 'they show'} once all 8 basic badges are earned.`}
          </p>
        ) : null}
        {advanced.length ? (
          <>
            <h3 className="mt-6 mb-3 text-sm font-semibold text-gray-900">Advanced badges</h3>
            <ul aria-label="Advanced badges" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
              {advanced.map((badge) => <BadgeTile key={badge.id} badge={badge} />)}
            </ul>
          </>
        ) : null}
    </>
  );
}

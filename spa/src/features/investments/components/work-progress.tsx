import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { counted } from '../format';
import { progressPercent } from '../status';
import type { ImportJob } from '../types';

const BAR =
  'mt-3 block h-2 w-full appearance-none overflow-hidden rounded-full bg-white ring-1 ring-brand-100 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-white [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]';

/** 'Reading the file…' or 'Importing your investments…', with how far the server has come (read every second). */
export function WorkProgress({ job, className }: { job: ImportJob; className?: string }) {
  const reading = job.status === 'reading';
  const { done, total } = job.progress;
  const percent = progressPercent(job.progress);
  const title = reading ? 'Reading the file…' : 'Importing your investments…';
  const detail = total > 0 ? `${done.toLocaleString('en-US')} of ${counted(total, reading ? 'row' : 'investment')}` : reading ? 'Counting the rows' : null;
  return (
    <div className={cn('rounded-2xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5', className)}>
      {/* Announced in steps of 10 %, not every second. */}
      <p role="status" aria-live="polite" className="sr-only">
        {percent === null ? title : `${title} ${Math.floor(percent / 10) * 10}%`}
      </p>
      <div aria-hidden className="flex items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-brand-800">
          <Loader2 className="size-4 animate-spin" />
          {title}
        </p>
        <p className="text-brand-800 tabular-nums">{percent === null ? null : `${percent}%`}</p>
      </div>
      <progress aria-label={reading ? 'Reading progress' : 'Import progress'} max={100} value={percent ?? undefined} className={BAR} />
      <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-xs text-gray-600">
        <span className="min-w-0 truncate">{`${job.fileName} · ${job.portalLabel}`}</span>
        {detail ? <span className="tabular-nums">{detail}</span> : null}
      </p>
    </div>
  );
}

import { CheckCircle2, History } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { formatCents } from '../format';
import type { ImportJob, ImportResult } from '../types';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-gray-50 px-3.5 py-3">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Figures({ result }: { result: ImportResult }) {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure label="Investors" value={n(result.investors)} />
      <Figure label="Invested" value={formatCents(result.investedCents)} />
      <Figure label="Leads who invested" value={n(result.leadsInvested)} />
      <Figure label="Matched to a lead" value={n(result.matched)} />
      <Figure label="Came straight to the portal" value={n(result.unmatched)} />
    </dl>
  );
}

/**
 * Step 3 done: the import is applied (its figures, 'See your leads', 'Import another file'),
 * or was replaced since by a newer import of the same portal.
 */
export function ImportDone({ job, onAnother }: { job: ImportJob; onAnother: () => void }) {
  const replaced = job.status === 'replaced';
  const Icon = replaced ? History : CheckCircle2;
  return (
    <section aria-labelledby="import-done-heading" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex gap-3">
        <span className={replaced ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600' : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600'}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id="import-done-heading" className="text-base font-semibold text-gray-900">
            {replaced ? 'A newer import replaced this one' : 'Your investments are imported'}
          </h2>
          <p className="mt-0.5 text-sm break-words text-gray-600">
            {`${job.fileName} · ${job.portalLabel}`}
            {job.appliedAt ? (
              <>
                {' · imported '}
                <DateTime value={job.appliedAt} withTime />
              </>
            ) : null}
          </p>
          {replaced ? (
            <p className="mt-2 text-sm text-gray-600">{`Your ${job.portalLabel} investments now come from a newer import of the same portal.`}</p>
          ) : null}
        </div>
      </div>
      {job.result && !replaced ? <Figures result={job.result} /> : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/leads" className={buttonClasses(replaced ? 'secondary' : 'primary')}>See your leads</Link>
        <Button variant="secondary" onClick={onAnother}>Import another file</Button>
      </div>
    </section>
  );
}

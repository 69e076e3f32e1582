import { FileArchive, Loader2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/dates';
import { ApiError } from '@/lib/api-client';
import type { VerifyReport } from '../types';

export type VerifyOutcome = { report: VerifyReport } | { problem: string };

/** The verification's answer: the chain intact, the first record that fails, or why it could not run. */
function Outcome({ outcome, hrefFor }: { outcome: VerifyOutcome; hrefFor: (id: string) => string }) {
  if ('problem' in outcome) {
    return (
      <div role="status" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
        {outcome.problem}
      </div>
    );
  }
  const { report } = outcome;
  if (report.verified) {
    return (
      <div role="status" className="mt-4 flex gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200 ring-inset">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">{report.message}</p>
          <p className="mt-0.5 text-emerald-800">
            Every file re-hashed ({report.files} {report.files === 1 ? 'file' : 'files'}) and matched its recorded SHA-256 · checked at {formatTime(report.checked_at)}
          </p>
          {report.head ? <HeadLine head={report.head} anchored={report.anchored ?? 0} pending={report.pending_anchor ?? 0} /> : null}
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-4 flex gap-3 rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200 ring-inset">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">Integrity check failed</p>
        <p className="mt-0.5 break-words">{report.message}</p>
        {report.failure?.record_id ? (
          <Link to={hrefFor(report.failure.record_id)} className="mt-1 inline-block font-semibold underline">
            Open record #{report.failure.seq}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The head the vault was checked against, in full: the founder's daily digest mail carries the same hash. */
function HeadLine({ head, anchored, pending }: { head: { seq: number; hash: string }; anchored: number; pending: number }) {
  return (
    <div className="mt-2 border-t border-emerald-200/70 pt-2 text-emerald-800">
      <p>
        Head record #{head.seq} ·{' '}
        {pending === 0
          ? 'every record is also kept in write-once storage'
          : `${anchored} of ${head.seq} records kept in write-once storage (the rest follow with the next record)`}
      </p>
      <p className="mt-0.5">
        <span className="font-medium">Head hash</span>{' '}
        <code className="font-mono text-xs break-all text-emerald-900">{head.hash}</code>
      </p>
      <p className="mt-0.5 text-xs">Your daily digest e-mail carries this hash: keep it as your own witness.</p>
    </div>
  );
}

/** The message of a verification that did not run (the server's, e.g. 429: asked too often). */
export function verifyProblem(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The vault could not be verified. Check your connection and try again.';
}

/** The hash chain at a glance, with 'Verify integrity' and 'Export exhibit pack'. */
export function IntegrityPanel({ total, verifying, outcome, hrefFor, onVerify, onExport }: {
  total: number;
  verifying: boolean;
  outcome: VerifyOutcome | null;
  hrefFor: (id: string) => string;
  onVerify: () => void;
  onExport: () => void;
}) {
  return (
    <section aria-labelledby="vault-integrity-heading" className="mb-6 rounded-2xl border border-gray-200 bg-gradient-to-br from-white via-white to-brand-50/60 p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-3.5">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="vault-integrity-heading" className="text-base font-semibold text-gray-900">
              {total} {total === 1 ? 'record' : 'records'} in your hash chain
            </h2>
            <p className="mt-0.5 max-w-xl text-sm text-gray-600">
              Each record carries the SHA-256 of its files and of the record before it, and files are stored write-once: any change would show.
            </p>
          </div>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:shrink-0">
          <Button variant="secondary" disabled={verifying || total === 0} onClick={onVerify}>
            {verifying ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <ShieldCheck className="size-4" aria-hidden />}
            {verifying ? 'Verifying...' : 'Verify integrity'}
          </Button>
          <Button variant="secondary" disabled={total === 0} onClick={onExport}>
            <FileArchive className="size-4" aria-hidden /> Export exhibit pack
          </Button>
        </div>
      </div>
      {outcome ? <Outcome outcome={outcome} hrefFor={hrefFor} /> : null}
      <span className="sr-only" aria-live="polite">{verifying ? 'Verifying every record and file' : ''}</span>
    </section>
  );
}

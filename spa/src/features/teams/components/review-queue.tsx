import { Building2, CheckCircle2, ClipboardCheck, FileText, Loader2, Mail, MessageSquareWarning, TrendingUp, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextareaField } from '@/components/ui/field';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/auth-context';
import { toast } from '@/lib/toast';
import { reviewActions, useReviewQueue, type Review, type ReviewSubject } from '../api/reviews';

const Markdown = lazy(() => import('@/components/ui/markdown'));

const SUBJECTS: Record<ReviewSubject, { label: string; icon: LucideIcon }> = {
  campaign: { label: 'Campaign', icon: Mail },
  form: { label: 'Investor form', icon: FileText },
  offering: { label: 'Offering change', icon: TrendingUp },
};

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const object = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** The version under review, as investors would meet it. */
function VersionBody({ review }: { review: Review }) {
  const version = review.version;
  if (review.subject === 'campaign') {
    const content = object(version.content);
    return (
      <div className="space-y-3">
        <dl className="grid gap-1 text-sm sm:grid-cols-[7rem_1fr]">
          <dt className="text-gray-500">Subject</dt>
          <dd className="font-medium text-gray-900">{text(content.subject)}</dd>
          {text(content.previewText) ? (
            <>
              <dt className="text-gray-500">Preview text</dt>
              <dd className="text-gray-700">{text(content.previewText)}</dd>
            </>
          ) : null}
        </dl>
        <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm leading-relaxed text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
          <Suspense fallback={<p className="text-gray-500">Loading the message…</p>}>
            <Markdown>{text(content.body)}</Markdown>
          </Suspense>
        </div>
        <p className="text-xs text-gray-500">The legend and the unsubscribe footer are added to every message as it is sent.</p>
      </div>
    );
  }
  if (review.subject === 'form') {
    const fields = Array.isArray(version.fields) ? (version.fields as Json[]) : [];
    const offering = object(version.offering_settings);
    const headline = text(object(object(version.content_settings).form_content).headline);
    return (
      <div className="space-y-3 text-sm">
        <p className="font-medium text-gray-900">{headline || text(version.name)}</p>
        {text(version.description) ? <p className="text-gray-700">{text(version.description)}</p> : null}
        <ol className="list-decimal space-y-0.5 pl-5 text-gray-700">
          {fields.map((field, index) => (
            <li key={index}>
              {text(field.label)}
              {field.required ? <span className="text-gray-500"> (required)</span> : null}
            </li>
          ))}
        </ol>
        <div className="rounded-lg bg-gray-50 p-3 text-xs leading-relaxed text-gray-700 ring-1 ring-gray-200 ring-inset">
          <p className="mb-1 font-semibold text-gray-900">Legend investors see</p>
          {text(offering.disclaimer)}
        </div>
      </div>
    );
  }
  const rows: [string, unknown][] = [
    ['New stage', version.status],
    ['Form C filed on', version.filingDate],
    ['Funding portal', version.intermediary],
    ['Offering page', version.offeringUrl],
  ];
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
      {rows
        .filter(([, value]) => text(value))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-500">{label}</dt>
            <dd className="break-all text-gray-900">{text(value).replaceAll('_', ' ')}</dd>
          </div>
        ))}
    </dl>
  );
}

function DecideDialog({ review, decision, onClose }: { review: Review; decision: 'approve' | 'reject'; onClose: () => void }) {
  const { user } = useAuth();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = decision === 'approve';
  const submit = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await reviewActions.decide(user.id, review, decision, comment.trim());
      toast.success(approve ? 'Approved' : 'Changes requested', { description: `${review.author_email} has been e-mailed.` });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The decision could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={approve ? 'Approve this version?' : 'Ask for changes'}
      description={
        approve
          ? `Your approval holds for this exact version of “${review.title}” and is filed in ${review.company_name}'s compliance vault. Any later edit needs a new approval.`
          : `Say what needs to change: ${review.author_email} reads your comment, and it is filed in the compliance vault.`
      }
    >
      <div className="space-y-4">
        <TextareaField
          label={approve ? 'Comment (optional)' : 'What needs to change'}
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={approve ? 'e.g. Legend and figures checked.' : 'e.g. Add that no money is being solicited.'}
        />
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={approve ? 'primary' : 'danger'} onClick={() => void submit()} disabled={busy || (!approve && comment.trim() === '')}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {approve ? 'Approve' : 'Request changes'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function PendingCard({ review }: { review: Review }) {
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const subject = SUBJECTS[review.subject];
  const Icon = subject.icon;
  return (
    <li className="rounded-2xl border border-gray-200 bg-white shadow-sm" aria-label={`${subject.label}: ${review.title}`}>
      <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="flex min-w-0 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
              <span className="inline-flex items-center gap-1 font-medium text-gray-700">
                <Building2 className="size-3.5" aria-hidden /> {review.company_name}
              </span>
              <Badge>{subject.label}</Badge>
            </p>
            <h3 className="mt-1 truncate text-base font-semibold text-gray-900">{review.title}</h3>
            <p className="text-sm text-gray-600">
              Asked by {review.author_email} <DateTime value={review.requested_at} withTime />
            </p>
          </div>
        </div>
        {review.may_decide ? (
          <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
            <Button variant="secondary" onClick={() => setDeciding('reject')}>
              Request changes
            </Button>
            <Button onClick={() => setDeciding('approve')}>
              <CheckCircle2 className="size-4" aria-hidden /> Approve
            </Button>
          </div>
        ) : (
          <p className="text-sm text-gray-500 sm:max-w-48 sm:text-right">{review.yours ? 'Your own work: someone else approves it.' : 'Waiting for counsel.'}</p>
        )}
      </div>
      <div className="p-4 sm:p-5">
        <VersionBody review={review} />
        <p className="mt-3 font-mono text-xs break-all text-gray-400" title="The SHA-256 of this version: the approval holds for it alone">
          Version {review.version_hash.slice(0, 16)}…
        </p>
      </div>
      {deciding ? <DecideDialog review={review} decision={deciding} onClose={() => setDeciding(null)} /> : null}
    </li>
  );
}

const DECIDED: Record<string, { label: string; tone: 'green' | 'red' | 'gray'; icon: LucideIcon }> = {
  approved: { label: 'Approved', tone: 'green', icon: CheckCircle2 },
  rejected: { label: 'Changes requested', tone: 'red', icon: MessageSquareWarning },
  withdrawn: { label: 'Edited after review', tone: 'gray', icon: ClipboardCheck },
};

function DecidedRow({ review }: { review: Review }) {
  const shown = DECIDED[review.status] ?? DECIDED.withdrawn!;
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900">{review.title}</p>
        <p className="truncate text-xs text-gray-500">
          {review.company_name} · {SUBJECTS[review.subject].label}
          {review.reviewer_email ? ` · ${review.reviewer_email}` : ''}
          {review.comment ? ` · “${review.comment}”` : ''}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3 text-xs text-gray-500">
        <Badge tone={shown.tone}>{shown.label}</Badge>
        {review.decided_at ? <DateTime value={review.decided_at} /> : null}
      </div>
    </li>
  );
}

/** `/reviews`: what waits for the caller's approval in every company they review for. */
export function ReviewQueuePage() {
  const { data, error, isLoading } = useReviewQueue();
  const pending = data?.pending ?? [];
  const decided = data?.decided ?? [];
  return (
    <>
      <PageHeader title="Reviews" description="What your companies want to show investors, waiting for your approval. An approval holds for the exact version you read." />
      {isLoading ? (
        <ListSkeleton label="Loading the review queue" rows={3} header={false} />
      ) : error ? (
        <Alert>{error instanceof Error ? error.message : 'The review queue could not be loaded.'}</Alert>
      ) : (
        <div className="space-y-10">
          <section aria-labelledby="pending-heading">
            <h2 id="pending-heading" className="mb-3 text-sm font-semibold tracking-wide text-gray-500 uppercase">
              Waiting for review {pending.length ? `(${pending.length})` : ''}
            </h2>
            {pending.length ? (
              <ul className="space-y-4">
                {pending.map((review) => (
                  <PendingCard key={`${review.company_id}/${review.subject}/${review.subject_id}`} review={review} />
                ))}
              </ul>
            ) : (
              <EmptyState icon={ClipboardCheck} title="Nothing waits for you">
                When a team asks for your approval of a campaign, a form or an offering change, it appears here and you are e-mailed.
              </EmptyState>
            )}
          </section>
          {decided.length ? (
            <section aria-labelledby="decided-heading">
              <h2 id="decided-heading" className="mb-1 text-sm font-semibold tracking-wide text-gray-500 uppercase">
                Recently decided
              </h2>
              <ul className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white px-4 sm:px-5">
                {decided.map((review) => (
                  <DecidedRow key={`${review.company_id}/${review.subject}/${review.subject_id}`} review={review} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}

import { CheckCircle2, Clock, Loader2, MessageSquareWarning, ShieldQuestion } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { reviewActions, useSubjectReview, type ReviewSubject } from '../api/reviews';

const TONES = {
  waiting: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: ShieldQuestion },
  pending: { box: 'bg-brand-50 text-brand-800 ring-brand-100', icon: Clock },
  approved: { box: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: CheckCircle2 },
  rejected: { box: 'bg-red-50 text-red-900 ring-red-200', icon: MessageSquareWarning },
} as const;

function Banner({ tone, title, children, action }: { tone: keyof typeof TONES; title: string; children?: ReactNode; action?: ReactNode }) {
  const { box, icon: Icon } = TONES[tone];
  return (
    <section aria-label="Counsel review" data-review-state={tone} className={cn('flex flex-col gap-3 rounded-xl p-4 text-sm ring-1 ring-inset sm:flex-row sm:items-center', box)}>
      <Icon className="hidden size-5 shrink-0 sm:block" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5 opacity-90">{children}</div> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </section>
  );
}

/**
 * Where a form or a campaign stands with counsel, when the company requires review: nothing
 * asked yet, waiting, approved (this exact version), or changes requested. The server decides
 * (and refuses a send or a publication that is not approved); this shows it and asks.
 *
 * `version` is the subject's saved version: the banner re-reads after every save, so an edit
 * made after approval shows at once as needing a new review.
 */
export function ApprovalBanner({ subject, id, version, canRequest, what, live = false }: {
  subject: ReviewSubject;
  id: string;
  version: number;
  canRequest: boolean;
  /** "it is sent or scheduled", "it goes live". */
  what: string;
  /** A live form: locked while review is on (an edit would reach investors unreviewed). */
  live?: boolean;
}) {
  const { data } = useSubjectReview(subject, id);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    void reviewActions.refresh(subject, id);
  }, [subject, id, version]);
  if (!data?.required) return null;
  const review = data.review;
  const current = review && data.is_current ? review : null;

  const ask = async () => {
    setAsking(true);
    try {
      await reviewActions.request(subject, id);
      toast.success('Sent to counsel for review');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The review could not be requested.');
    } finally {
      setAsking(false);
    }
  };
  const askButton = (label: string) =>
    canRequest ? (
      <Button size="sm" onClick={() => void ask()} disabled={asking}>
        {asking ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {label}
      </Button>
    ) : null;

  if (live) {
    return (
      <Banner tone={current?.status === 'approved' ? 'approved' : 'pending'} title={current?.status === 'approved' ? `Live as approved by ${current.reviewer_email ?? 'counsel'}` : 'Live, and locked for review'}>
        Counsel reviews what your company publishes. To change this form, unpublish it, edit it and ask for a review before it goes live again.
      </Banner>
    );
  }
  if (current?.status === 'approved') {
    return (
      <Banner tone="approved" title={`Approved by ${current.reviewer_email ?? 'counsel'}`}>
        <p>
          This exact version was approved <DateTime value={current.decided_at} withTime />. Any edit needs a new approval.
        </p>
        {current.comment ? <p className="mt-1 italic">“{current.comment}”</p> : null}
      </Banner>
    );
  }
  if (current?.status === 'pending') {
    return (
      <Banner tone="pending" title="Waiting for counsel's review">
        Asked by {current.author_email} <DateTime value={current.requested_at} withTime />. Counsel is e-mailed and sees it in their review queue.
      </Banner>
    );
  }
  if (current?.status === 'rejected') {
    return (
      <Banner tone="rejected" title={`Changes requested by ${current.reviewer_email ?? 'counsel'}`} action={askButton('Ask for review again')}>
        {current.comment ? <p className="italic">“{current.comment}”</p> : null}
        <p className="mt-1">Edit it, then ask for a review of the new version.</p>
      </Banner>
    );
  }
  const edited = review && !data.is_current && review.status !== 'withdrawn' ? true : review?.status === 'withdrawn';
  return (
    <Banner
      tone="waiting"
      title={edited ? 'Edited since counsel’s review' : 'Counsel reviews this first'}
      action={askButton('Ask counsel to review')}
    >
      {edited
        ? `This version has not been reviewed. Counsel must approve it before ${what}.`
        : `Your company requires counsel's approval before ${what}.`}
      {canRequest ? null : ' Someone who can edit it asks for the review.'}
    </Banner>
  );
}

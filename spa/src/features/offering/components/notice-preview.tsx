import { CircleCheck, ExternalLink, Eye, Hand } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { yourCounted } from '@/lib/format';
import type { OfferingState } from '../types';

/** 'What investors see on your forms': the notice that replaces the form, or the form as it is. */
export function NoticePreview({ state }: { state: OfferingState }) {
  const { notice, accepts_interest: accepts, forms } = state;
  return (
    <section aria-labelledby="offering-preview-heading" className="rounded-xl border border-gray-200 bg-gray-50/70 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="offering-preview-heading" className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <Eye className="size-4 text-gray-500" aria-hidden /> What investors see on your forms
        </h3>
        {accepts ? (
          <Badge tone="green">
            <CircleCheck className="size-3" aria-hidden /> Accepting indications of interest
          </Badge>
        ) : (
          <Badge tone="amber">
            <Hand className="size-3" aria-hidden /> Not accepting indications of interest
          </Badge>
        )}
      </div>
      {notice ? (
        <div className="mt-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
          <p className="text-base font-semibold text-gray-900">{notice.title}</p>
          <p className="mt-1.5 text-sm leading-6 text-gray-600">{notice.message}</p>
          {notice.linkUrl && notice.linkLabel ? (
            <a
              href={notice.linkUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              {notice.linkLabel} <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-600">
          Your form as you designed it, with the testing-the-waters legend. Investors can send indications of interest, which are not binding.
        </p>
      )}
      <p className="mt-3 text-xs text-gray-500">
        {`Applies to ${yourCounted(forms) ?? 'every form you create'}`}, including forms embedded on your site.
      </p>
    </section>
  );
}

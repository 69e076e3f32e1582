import { AlertTriangle, CheckCircle2, FileText, Monitor, RefreshCw, Smartphone, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCampaignPreview } from '../api/preview';
import { complianceChecks } from '../compliance-checks';
import type { Sender } from '../types';

type View = 'desktop' | 'mobile' | 'text';

const VIEWS: { value: View; label: string; icon: LucideIcon }[] = [
  { value: 'desktop', label: 'Desktop', icon: Monitor },
  { value: 'mobile', label: 'Mobile (375 px)', icon: Smartphone },
  { value: 'text', label: 'Plain text', icon: FileText },
];

/**
 * The saved campaign as its first recipient (or a sample investor) gets it, rendered by the
 * server's sending renderer. The HTML shows in a sandboxed frame (no scripts, no same-origin
 * access), at desktop width or 375 px; the checklist confirms the compliance footer and headers.
 */
/** The frame's height while its message is measured, and the least it keeps. */
const MIN_FRAME = 480;

/**
 * The frame as tall as the message in it, so the whole message shows down to the compliance
 * footer and the unsubscribe link, measured on load and whenever its width changes. The frame
 * runs no script (no `allow-scripts`); `allow-same-origin` only lets this page read its height.
 */
function useFrameHeight(view: View, loaded: boolean) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_FRAME);
  const measure = useCallback(() => {
    const document = frame.current?.contentDocument;
    if (!document?.documentElement) return;
    setHeight(Math.max(MIN_FRAME, Math.ceil(document.documentElement.scrollHeight)));
  }, []);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // The width animates between desktop and mobile: measure once it has settled.
    element.addEventListener('transitionend', measure);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      element.removeEventListener('transitionend', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure, view, loaded]);
  return { frame, height, measure };
}

export function PreviewPanel({ campaignId, version, sender, stale }: { campaignId: string; version: number; sender: Sender | undefined; stale: boolean }) {
  const [view, setView] = useState<View>('desktop');
  const { data, error, isLoading, mutate } = useCampaignPreview(campaignId, version, true);
  const { frame, height, measure } = useFrameHeight(view, Boolean(data));

  if (error && !data) {
    return (
      <div role="alert" className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <AlertTriangle className="size-6 text-amber-500" aria-hidden />
        <p className="mt-3 text-sm font-medium text-gray-900">The preview could not be rendered.</p>
        <p className="mt-1 text-sm text-gray-600">{error.message}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void mutate()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div role="status" aria-label="Rendering preview" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Skeleton className="h-[32rem] rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }

  const message = data.rendered;
  const checks = complianceChecks(message, sender);
  const envelope: [string, string][] = [
    ['From', message.fromName],
    ['Reply-To', message.replyTo],
    ['To', data.recipient],
    ['Subject', message.subject],
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-label="Message preview" className="min-w-0 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
          <div role="group" aria-label="Preview size" className="inline-flex rounded-lg bg-gray-100 p-1">
            {VIEWS.map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                  view === value ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-900/5' : 'text-gray-600 hover:text-gray-900',
                )}
              >
                <Icon className="size-4" aria-hidden />
                <span className={value === 'desktop' ? undefined : 'sr-only sm:not-sr-only'}>{label}</span>
              </button>
            ))}
          </div>
          {stale ? <p className="text-xs text-amber-700">Showing the last saved version.</p> : null}
        </div>
        <dl className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 border-b border-gray-100 bg-gray-50/60 px-4 py-3 text-sm">
          {envelope.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-500">{label}</dt>
              <dd className={cn('truncate text-gray-900', label === 'Subject' && 'font-semibold')}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="bg-gray-100 p-3 sm:p-5">
          {view === 'text' ? (
            <pre className="mx-auto max-h-[40rem] max-w-2xl overflow-auto rounded-lg bg-white p-5 font-mono text-xs leading-5 whitespace-pre-wrap text-gray-800 ring-1 ring-gray-200">
              {message.text}
            </pre>
          ) : (
            <iframe
              ref={frame}
              title={`E-mail preview, ${view === 'mobile' ? 'mobile width (375 px)' : 'desktop width'}`}
              sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={message.html}
              onLoad={measure}
              style={{ height }}
              className={cn(
                'mx-auto block rounded-lg bg-white ring-1 ring-gray-200 transition-[width] duration-200',
                view === 'mobile' ? 'w-[375px] max-w-full' : 'w-full',
              )}
            />
          )}
        </div>
      </section>

      <aside aria-label="Compliance" className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h3 className="text-sm font-semibold text-gray-900">In every message</h3>
          <p className="mt-0.5 text-xs text-gray-500">Added by RaiseSpark; your text cannot remove them.</p>
          <ul className="mt-4 space-y-3">
            {checks.map((check) => (
              <li key={check.key} className="flex gap-2.5">
                {check.ok ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Present" />
                ) : (
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-500" aria-label="Missing" />
                )}
                <div className="min-w-0">
                  <p className="text-sm font-medium text-gray-900">{check.label}</p>
                  <p className="text-xs break-words text-gray-500">
                    {check.detail}
                    {!check.ok && check.key === 'address' ? (
                      <>
                        {' '}
                        <Link to="/settings?tab=sender" className="font-medium text-brand-700 underline underline-offset-2">Open Settings</Link>
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <p className="px-1 text-xs text-gray-500">
          Previewed as {data.recipient === 'investor@example.com' ? 'a sample investor' : `the first recipient, ${data.recipient}`}. Fields such as the first name are filled in for each investor.
        </p>
      </aside>
    </div>
  );
}

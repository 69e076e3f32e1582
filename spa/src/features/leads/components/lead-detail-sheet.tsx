import { Mail, Phone, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { TEMPERATURES, type LeadAttribution, type LeadView, type Temperature } from '../api/leads';
import { formatUsd } from '@/lib/format';
import { formatLeadDay } from '../format';
import { DeleteLeadDialog } from './delete-lead-dialog';
import { LeadAvatar } from './lead-avatar';
import { DateTime } from '@/components/ui/date-time';
import { TEMPERATURE_STYLES, TemperatureBadge } from './temperature-badge';
import { InvestedLine } from '@/features/investments/components/invested-line';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-gray-50 px-3.5 py-3">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

/** Everything one investor told the founder, with the status control and deletion. */
export function LeadDetailSheet({ lead, open, onOpenChange, onStatusChange, onDelete }: {
  lead: LeadView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStatusChange: (lead: LeadView, status: Temperature) => Promise<void>;
  onDelete: (lead: LeadView) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState<Temperature | null>(null);
  const name = lead?.summary.name ?? null;

  const change = async (status: Temperature) => {
    if (!lead || status === lead.temperature || saving) return;
    setSaving(status);
    try {
      await onStatusChange(lead, status);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Sheet
      open={open && lead !== null}
      onOpenChange={onOpenChange}
      side="right"
      title={name ?? 'Lead details'}
      description="The investor's answers, status and actions"
      className="w-full max-w-md"
    >
      {lead ? (
        <div className="flex min-h-0 flex-1 flex-col">
          <header className="border-b border-gray-200 px-6 pt-6 pb-5">
            <div className="flex items-center gap-4 pr-8">
              <LeadAvatar name={name} className="size-12 text-base" />
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold text-gray-900">{name ?? 'Unknown investor'}</h2>
                <p className="truncate text-sm text-gray-500">
                  {lead.formName ?? 'Deleted form'} · <DateTime value={lead.createdAt}>{formatLeadDay(lead.createdAt)}</DateTime>
                </p>
              </div>
            </div>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <TemperatureBadge value={lead.temperature} />
              {lead.summary.email ? (
                <a href={`mailto:${lead.summary.email}`} className={buttonClasses('secondary', 'sm', 'h-7 px-2.5 text-xs')}>
                  <Mail className="size-3.5" aria-hidden /> E-mail
                </a>
              ) : null}
              {lead.summary.phone ? (
                <a href={`tel:${lead.summary.phone.replace(/[^\d+]/g, '')}`} className={buttonClasses('secondary', 'sm', 'h-7 px-2.5 text-xs')}>
                  <Phone className="size-3.5" aria-hidden /> Call
                </a>
              ) : null}
            </div>
          </header>

          <div className="flex-1 space-y-6 overflow-y-auto px-6 py-5">
            <section aria-labelledby="lead-status-heading">
              <h3 id="lead-status-heading" className="text-sm font-semibold text-gray-900">Status</h3>
              <div role="group" aria-labelledby="lead-status-heading" className="mt-2 grid grid-cols-3 gap-2">
                {TEMPERATURES.map((status) => {
                  const { label, icon: Icon } = TEMPERATURE_STYLES[status];
                  const active = lead.temperature === status;
                  return (
                    <button
                      key={status}
                      type="button"
                      aria-pressed={active}
                      disabled={saving !== null}
                      onClick={() => void change(status)}
                      className={cn(
                        'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-inset transition-colors disabled:cursor-wait',
                        active ? TEMPERATURE_STYLES[status].className + ' ring-2' : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50',
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                      {label}
                    </button>
                  );
                })}
              </div>
            </section>

            {lead.investment !== undefined ? (
              <section aria-label="Investment on the portal" className="rounded-xl border border-gray-200 bg-gray-50/60 px-4 py-3">
                <h3 className="text-xs font-medium text-gray-500">On the portal</h3>
                <InvestedLine investment={lead.investment} className="mt-1" />
              </section>
            ) : null}

            <dl className="grid grid-cols-2 gap-3">
              <Fact label="Estimated amount">{formatUsd(lead.estimatedAmount)}</Fact>
              <Fact label="Investment range">{lead.summary.investmentRange ?? '—'}</Fact>
              <Fact label="Form">{lead.formName ?? 'Deleted form'}</Fact>
              <Fact label="Submitted">
                <DateTime value={lead.createdAt} withTime />
              </Fact>
            </dl>

            <section aria-labelledby="lead-answers-heading">
              <h3 id="lead-answers-heading" className="text-sm font-semibold text-gray-900">Answers</h3>
              {Object.keys(lead.data).length ? (
                <dl className="mt-2 divide-y divide-gray-100 rounded-xl border border-gray-200">
                  {Object.entries(lead.data).map(([label, answer]) => (
                    <div key={label} className="px-4 py-3">
                      <dt className="text-xs font-medium text-gray-500">{label}</dt>
                      <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-gray-900">
                        {String(answer ?? '').trim() || <span className="text-gray-400">No answer</span>}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="mt-2 text-sm text-gray-500">This lead has no answers.</p>
              )}
            </section>

            {lead.source ? <CameFrom attribution={lead.attribution ?? {}} source={lead.source} /> : null}
          </div>

          <footer className="flex justify-end border-t border-gray-200 px-6 py-4">
            <Button variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden />
              Delete lead
            </Button>
          </footer>

          <DeleteLeadDialog name={name} open={confirming} onOpenChange={setConfirming} onConfirm={() => onDelete(lead)} />
        </div>
      ) : null}
    </Sheet>
  );
}

/** Where the investor came from: the source it counts under and what the embedding page said. */
function CameFrom({ attribution, source }: { attribution: LeadAttribution; source: string }) {
  const rows: [string, string | undefined][] = [
    ['Source', source],
    ['Campaign', attribution.utm_campaign],
    ['Medium', attribution.utm_medium],
    ['Content', attribution.utm_content],
    ['Term', attribution.utm_term],
    ['Page', attribution.page],
    ['Referred by', attribution.referrer],
  ];
  return (
    <section aria-labelledby="lead-origin-heading">
      <h3 id="lead-origin-heading" className="text-sm font-semibold text-gray-900">Came from</h3>
      <dl className="mt-2 divide-y divide-gray-100 rounded-xl border border-gray-200">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="flex gap-4 px-4 py-2.5">
              <dt className="w-24 shrink-0 text-xs font-medium text-gray-500">{label}</dt>
              <dd className="min-w-0 text-sm break-all text-gray-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

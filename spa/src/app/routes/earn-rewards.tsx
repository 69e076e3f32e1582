import { Check, Copy, ExternalLink, Gift, Mail, Share2, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { DateTime } from '@/components/ui/date-time';
import { formatUsd } from '@/lib/format';
import { useRewards, type ReferralStatus, type RewardsOverview } from '@/features/rewards/api/rewards';
import { cn } from '@/lib/utils';

const STATUS: Record<ReferralStatus, { label: string; className: string }> = {
  signed_up: { label: 'Signed up', className: 'bg-gray-100 text-gray-700 ring-gray-200' },
  on_trial: { label: 'On trial', className: 'bg-sky-50 text-sky-700 ring-sky-200' },
  paying: { label: 'Paying', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
};


const SHARE_TEXT = 'I capture investor interest for my Reg CF raise with RaiseSpark. Try it free for 7 days:';

function ShareLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Referral link copied');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Copy failed: select the link and copy it yourself.');
    }
  };
  const encoded = encodeURIComponent(link);
  const text = encodeURIComponent(SHARE_TEXT);
  const canShare = typeof navigator !== 'undefined' && 'share' in navigator;
  return (
    <div>
      <label htmlFor="referral-link" className="text-sm font-medium text-gray-900">
        Your referral link
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="referral-link"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900"
        />
        <Button onClick={copy} className="shrink-0">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Share">
        <a className={buttonClasses('secondary', 'sm')} href={`mailto:?subject=${encodeURIComponent('Capture investor interest with RaiseSpark')}&body=${text}%20${encoded}`}>
          <Mail className="size-4" aria-hidden /> E-mail
        </a>
        <a className={buttonClasses('secondary', 'sm')} target="_blank" rel="noopener noreferrer" href={`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`}>
          <ExternalLink className="size-4" aria-hidden /> LinkedIn
        </a>
        <a className={buttonClasses('secondary', 'sm')} target="_blank" rel="noopener noreferrer" href={`https://twitter.com/intent/tweet?text=${text}&url=${encoded}`}>
          <ExternalLink className="size-4" aria-hidden /> X
        </a>
        {canShare ? (
          <Button variant="secondary" size="sm" onClick={() => navigator.share({ title: 'RaiseSpark', text: SHARE_TEXT, url: link }).catch(() => {})}>
            <Share2 className="size-4" aria-hidden /> More…
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-gray-600">{label}</p>
      <p className="mt-2 text-2xl font-semibold text-gray-900">{value}</p>
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </div>
  );
}

function Overview({ data }: { data: RewardsOverview }) {
  const { totals } = data;
  return (
    <>
      <section aria-label="Totals" className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Referred" value={String(totals.referred)} hint="Signed up with your link" />
        <Stat label="On trial" value={String(totals.onTrial)} />
        <Stat label="Paying" value={String(totals.paying)} />
        <Stat label="Free months earned" value={String(totals.freeMonths)} hint={totals.creditUsd ? `${formatUsd(totals.creditUsd)} in credit` : undefined} />
      </section>

      <section aria-labelledby="referrals-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white shadow-sm">
        <h2 id="referrals-heading" className="border-b border-gray-100 px-5 py-4 text-lg font-semibold text-gray-900">
          People you referred
        </h2>
        {data.referrals.length ? (
          <ul className="divide-y divide-gray-100">
            {data.referrals.map((referral, index) => (
              <li key={`${referral.name}-${referral.joinedAt}-${index}`} className="flex items-center justify-between gap-4 px-5 py-3.5">
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-900">{referral.name}</p>
                  <p className="text-xs text-gray-500">Joined <DateTime value={referral.joinedAt} /></p>
                </div>
                <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', STATUS[referral.status].className)}>
                  {STATUS[referral.status].label}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="p-5">
            <EmptyState icon={Users} title="No referrals yet">
              Share your link with founders you know. They appear here as soon as they sign up.
            </EmptyState>
          </div>
        )}
      </section>

      <section aria-labelledby="ledger-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white shadow-sm">
        <h2 id="ledger-heading" className="border-b border-gray-100 px-5 py-4 text-lg font-semibold text-gray-900">
          Rewards earned
        </h2>
        {data.rewards.length ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Rewards ledger</caption>
            <thead className="text-xs tracking-wide text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5 font-medium">Date</th>
                <th scope="col" className="px-5 py-2.5 font-medium">Reward</th>
                <th scope="col" className="hidden px-5 py-2.5 font-medium sm:table-cell">Status</th>
                <th scope="col" className="px-5 py-2.5 text-right font-medium">Value</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {data.rewards.map((reward, index) => (
                <tr key={`${reward.creditedAt}-${index}`}>
                  <td className="px-5 py-3 whitespace-nowrap text-gray-600"><DateTime value={reward.creditedAt} /></td>
                  <td className="px-5 py-3 text-gray-900">
                    {`1 free month of ${reward.plan}`}
                    <span className="block text-xs text-gray-500">{`${reward.name} became a paying customer`}</span>
                  </td>
                  <td className="hidden px-5 py-3 text-gray-600 sm:table-cell">
                    {reward.credit === 'credited' ? 'Credited to your balance' : 'Applied when you subscribe'}
                  </td>
                  <td className="px-5 py-3 text-right font-medium text-gray-900">{formatUsd(reward.usd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-5 py-6 text-sm text-gray-600">
            Each founder you refer who becomes a paying customer earns you one free month of your plan, credited to your billing balance.
          </p>
        )}
      </section>
    </>
  );
}

/** Earn Rewards: a personal referral link, the people it brought and the free months earned. */
export default function EarnRewardsPage() {
  const { data, error, isLoading, mutate } = useRewards();
  
  return (
    <>
      <PageHeader title="Earn Rewards" description="Share RaiseSpark with other founders and earn a free month for each one who subscribes." />
      <section className="overflow-hidden rounded-2xl border border-emerald-200 bg-gradient-to-br from-emerald-50 via-white to-white p-5 shadow-sm sm:p-6">
        <div className="flex items-start gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-600 text-white sm:flex">
            <Gift className="size-6" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold text-gray-900">One free month for every founder you bring</h2>
            <ol className="mt-2 grid gap-2 text-sm text-gray-700 sm:grid-cols-3">
              <li><span className="font-semibold text-emerald-700">1.</span> Share your link with founders raising capital.</li>
              <li><span className="font-semibold text-emerald-700">2.</span> They start their 7-day free trial.</li>
              <li><span className="font-semibold text-emerald-700">3.</span> When they pay their first invoice, you get a month of your plan free.</li>
            </ol>
            <div className="mt-5">{isLoading ? <Skeleton className="h-20 w-full" /> : data ? <ShareLink link={data.link} /> : null}</div>
          </div>
        </div>
      </section>
      {error ? (
        <div className="mt-6">
          <Alert>
            {error.message || 'Your rewards could not be loaded.'}
            <Button variant="secondary" size="sm" className="ml-3" onClick={() => mutate()}>
              Try again
            </Button>
          </Alert>
        </div>
      ) : null}
      {data ? <Overview data={data} /> : null}
      <p className="mt-8 text-xs text-gray-500">
        A referral counts once per new account and never for your own accounts. See the Terms of Service for the full programme rules.
      </p>
    </>
  );
}

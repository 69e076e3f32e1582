import { BadgePercent, Clock, Timer, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useSubscription } from '../subscription-context';
import { BANNER_DELAY_MS, OFFER_SECONDS, TIMER_END_KEY, EXPIRED_KEY, SEEN_KEY, formatCountdown, remainingSeconds } from '../upsell';

/**
 * The limited-time offer (spec 4): for users neither subscribed, on trial nor active; shown
 * after 5 s with a 180-second countdown kept in local storage. At 0 the offer expires and is
 * marked seen; closing it marks it seen too.
 */
export function TrialUpsellBanner() {
  const { loading, isSubscribed, onTrial, active } = useSubscription();
  const navigate = useNavigate();
  const eligible = !loading && !isSubscribed && !onTrial && !active;
  const [visible, setVisible] = useState(false);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(SEEN_KEY) === 'true');
  const [now, setNow] = useState(() => Date.now());
  const [expired, setExpired] = useState(() => localStorage.getItem(EXPIRED_KEY) === 'true');

  useEffect(() => {
    if (!eligible || dismissed) return;
    const timer = window.setTimeout(() => {
      if (!localStorage.getItem(TIMER_END_KEY)) localStorage.setItem(TIMER_END_KEY, String(Date.now() + OFFER_SECONDS * 1000));
      setNow(Date.now());
      setVisible(true);
    }, BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible, dismissed]);

  const end = Number(localStorage.getItem(TIMER_END_KEY) ?? 0);
  const left = remainingSeconds(end, now);

  useEffect(() => {
    if (!visible || expired) return;
    if (left <= 0) {
      localStorage.setItem(EXPIRED_KEY, 'true');
      localStorage.setItem(SEEN_KEY, 'true');
      setExpired(true);
      return;
    }
    const tick = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(tick);
  }, [visible, expired, left]);

  if (!eligible || !visible || dismissed) return null;

  const close = () => {
    localStorage.setItem(SEEN_KEY, 'true');
    setDismissed(true);
  };
  const choose = (message: string, target: string) => {
    toast.success(message);
    navigate(target);
  };

  return (
    <section
      aria-label="Limited-time offer"
      className="relative mb-8 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-600 to-violet-600 p-6 text-white shadow-lg"
    >
      <button type="button" onClick={close} aria-label="Close offer" className="absolute top-3 right-3 rounded-md p-1.5 text-white/80 hover:bg-white/10 hover:text-white">
        <X className="size-5" aria-hidden />
      </button>
      <div className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="pr-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
            <Timer className="size-3.5" aria-hidden />
            {expired ? 'Offer ended' : <>Offer ends in <span role="timer" className="tabular-nums">{formatCountdown(left)}</span></>}
          </p>
          <h2 className="mt-3 text-xl font-semibold">Start raising with a better deal</h2>
          <p className="mt-1 text-sm text-white/85">Pick one: a 14-day free trial instead of 7, or 20% off your plan for life.</p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            disabled={expired}
            onClick={() => choose('Extended trial option selected!', '/pricing?extended=true')}
          >
            <Clock className="size-4" aria-hidden />
            {expired ? 'Offer Expired' : '14-day free trial'}
          </Button>
          <Button
            variant="secondary"
            disabled={expired}
            onClick={() => choose('20% lifetime discount option selected!', '/pricing?discount=20')}
          >
            <BadgePercent className="size-4" aria-hidden />
            {expired ? 'Offer Expired' : '20% off for life'}
          </Button>
        </div>
      </div>
    </section>
  );
}

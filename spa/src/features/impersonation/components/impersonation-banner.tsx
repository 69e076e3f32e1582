import { Clock, Loader2, LogOut, UserRoundCog } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { toast } from '@/lib/toast';
import { useRevertImpersonation } from '../api/revert-impersonation';
import { clearImpersonationRecord } from '../record';
import { formatTimeLeft, msLeft } from '../time-left';

/** The time left is re-read this often. */
const TICK_MS = 30_000;

/** The page's chrome below the banner reads its height from `--app-top` (sidebar, sticky bars). */
function useAppTopOffset() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--app-top', `${banner.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-top');
    };
  }, []);
  return ref;
}

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Spec 2: 'You are impersonating {email}' with 'Exit Impersonation' (the revert), on every
 * page of an impersonation session, with the time left until the session's hard end. When
 * it runs out the session is over: this tab signs out and goes to sign-in.
 */
export default function ImpersonationBanner() {
  const { user, endSessionLocally } = useAuth();
  const navigate = useNavigate();
  const { trigger, isMutating } = useRevertImpersonation();
  const ref = useAppTopOffset();
  const now = useNow(TICK_MS);
  const expiresAt = user?.impersonation?.expires_at;

  useEffect(() => {
    if (!expiresAt) return;
    const left = msLeft(expiresAt, Date.now());
    if (left === null) return;
    const timer = window.setTimeout(() => {
      clearImpersonationRecord();
      endSessionLocally();
      toast.info('The support session has ended');
      navigate('/login', { replace: true });
    }, left);
    return () => window.clearTimeout(timer);
  }, [expiresAt, endSessionLocally, navigate]);

  if (!user?.impersonation) return null;
  const timeLeft = formatTimeLeft(user.impersonation.expires_at, now);
  const endsAt = new Date(user.impersonation.expires_at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

  return (
    <div
      ref={ref}
      role="region"
      aria-label="Impersonation"
      className="sticky top-0 z-40 border-b border-amber-300 bg-amber-100 text-amber-950 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-w-0 flex-[1_1_16rem] items-center gap-2.5 text-sm">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-200 text-amber-900">
            <UserRoundCog className="size-4" aria-hidden />
          </span>
          <span className="min-w-0 break-words">
            You are impersonating <strong className="font-semibold">{user.email}</strong>
          </span>
        </p>
        <div className="ml-auto flex shrink-0 items-center gap-3">
          {timeLeft ? (
            <span
              title={`The support session ends at ${endsAt}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-white/70 px-2.5 py-1 text-xs font-semibold tabular-nums ring-1 ring-amber-300 ring-inset"
            >
              <Clock className="size-3.5" aria-hidden />
              {timeLeft}
            </span>
          ) : null}
          <Button
            size="sm"
            disabled={isMutating}
            onClick={() => void trigger()}
            className="bg-amber-900 text-white shadow-sm hover:bg-amber-950 disabled:bg-amber-900/70"
          >
            {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <LogOut className="size-4" aria-hidden />}
            {isMutating ? 'Exiting...' : 'Exit Impersonation'}
          </Button>
        </div>
      </div>
    </div>
  );
}

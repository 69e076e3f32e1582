/** Subscription status as the spec defines it (section 3), and the rules over it (section 4). */

export type SubscriptionEntry = {
  status: string;
  onTrial: boolean;
  trialEnd: string | null;
  plan: string;
  priceId?: string | null;
};

export type SubscriptionStatus = {
  loading: boolean;
  active: boolean;
  subscribed: boolean;
  onTrial: boolean;
  error: string | null;
  subscriptions: SubscriptionEntry[];
};

export const SIGNED_OUT_STATUS: SubscriptionStatus = {
  loading: false,
  active: false,
  subscribed: false,
  onTrial: false,
  error: null,
  subscriptions: [],
};

/** A failed check grants access (fail open) and records why. */
export function failedStatus(error: unknown): SubscriptionStatus {
  const message = error instanceof Error ? error.message || 'Failed to check subscription' : 'Unknown error checking subscription';
  return { loading: false, active: true, subscribed: true, onTrial: false, error: message, subscriptions: [] };
}

/**
 * Subscribed: the check reports active or on trial, or any subscription is active, marked
 * trial, or has a trial end in the future; also when the check errored.
 */
export function isSubscribed(status: SubscriptionStatus, now: Date = new Date()): boolean {
  if (status.error) return true;
  if (status.active || status.onTrial) return true;
  return status.subscriptions.some(
    (s) => s.status === 'active' || s.status === 'trialing' || s.onTrial || (s.trialEnd !== null && new Date(s.trialEnd) > now),
  );
}

export const MIN_CHECK_INTERVAL_MS = 2_000;
export const RETRY_DELAY_MS = 3_000;

/**
 * Runs subscription checks at most once per 2 seconds: a check asked for while one runs,
 * or within 2 s of the last start, is deferred and retried after 3 s (spec 4).
 */
export class CheckScheduler {
  private running = false;
  private lastStart = -Infinity;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly check: () => Promise<void>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Resolves once a check that started no earlier than this call has finished. */
  request(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.attempt();
    return done;
  }

  cancel() {
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  private attempt() {
    if (this.running || this.now() - this.lastStart < MIN_CHECK_INTERVAL_MS) {
      if (this.retry === undefined) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          this.attempt();
        }, RETRY_DELAY_MS);
      }
      return;
    }
    const waiting = this.waiters;
    this.waiters = [];
    this.running = true;
    this.lastStart = this.now();
    void this.check().finally(() => {
      this.running = false;
      waiting.forEach((resolve) => resolve());
    });
  }
}

import { Bell, Building2, CreditCard, Flag, History, ImageIcon, KeyRound, LifeBuoy, Loader2, LogOut, UserRound, UsersRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { useBillingPortal } from '@/features/billing/api/billing-portal';
import { useSubscription } from '@/features/billing/subscription-context';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { useChangePassword } from '@/features/auth/api/change-password';
import { useUpdateName } from '@/features/auth/api/update-name';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { SupportSessions } from '@/features/impersonation/components/support-sessions';
import { SenderIdentityForm } from '@/features/campaigns/components/sender-identity-form';
import { LogoSettings } from '@/features/profiles/components/logo-settings';
import { NotificationSettings } from '@/features/profiles/components/notification-settings';
import { OfferingSettings } from '@/features/offering/components/offering-settings';
import { usePermissions } from '@/features/teams/api/teams';
import { ActivityLog } from '@/features/teams/components/activity-log';
import { TeamSettings } from '@/features/teams/components/team-settings';

function Section({ icon: Icon, title, description, level = 2, anchor, children }: {
  icon: typeof UserRound;
  /** The section's id, for links to it. */
  anchor?: string;
  title: string;
  description: string;
  /** 3 inside a group with its own heading (Security). */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section id={anchor} aria-labelledby={id} className="grid gap-6 border-b border-gray-200 py-8 first:pt-0 last:border-0 md:grid-cols-3">
      <div>
        <div className="flex items-center gap-2">
          <Icon className="size-5 text-brand-600" aria-hidden />
          <Heading id={id} className="text-base font-semibold text-gray-900">{title}</Heading>
        </div>
        <p className="mt-1 text-sm text-gray-600">{description}</p>
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm md:col-span-2">{children}</div>
    </section>
  );
}

function NameForm() {
  const { user } = useAuth();
  const [name, setName] = useState(displayName(user) ?? '');
  const { trigger: updateName, isMutating: saving } = useUpdateName();
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await updateName({ name });
      toast.success('Your name was updated');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save your name.');
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="Email" value={user?.email ?? ''} disabled readOnly />
      <Field label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} />
      <FormActions>
        <Button type="submit" disabled={saving || !name.trim() || name.trim() === displayName(user)}>
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {saving ? 'Saving...' : 'Save name'}
        </Button>
      </FormActions>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { trigger: changePassword, isMutating: saving } = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      toast.success('Password updated. Your other devices were signed out.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not change your password.');
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Other devices are signed out when it changes."
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <FormActions>
        <Button type="submit" disabled={saving || !current || !next}>
          {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {saving ? 'Updating...' : 'Update password'}
        </Button>
      </FormActions>
    </form>
  );
}

function SessionsPanel() {
  const { signOut, signingOut } = useSignOut('Failed to sign out, please try again');
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-600">Signs you out on this and every other browser and device.</p>
      <Button variant="secondary" disabled={signingOut} onClick={() => void signOut()}>
        {signingOut ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <LogOut className="size-4" aria-hidden />}
        {signingOut ? 'Signing out...' : 'Sign out of all devices'}
      </Button>
    </div>
  );
}

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
};

function BillingPanel() {
  const { loading, subscriptions, error } = useSubscription();
  // Stays true while the browser leaves for the portal.
  const [opening, setOpening] = useState(false);
  const { trigger: openBillingPortal } = useBillingPortal();
  const subscription = subscriptions[0];

  const manage = async () => {
    setOpening(true);
    try {
      const { url } = await openBillingPortal();
      window.location.assign(url);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not open billing.');
      setOpening(false);
    }
  };

  if (loading) return <p className="text-sm text-gray-500">Loading your plan…</p>;
  if (error) return <Alert>We could not load your billing details. Please refresh the page.</Alert>;
  if (!subscription) {
    return (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">You have no subscription yet. Every plan starts with a 7-day free trial.</p>
        <Link to="/pricing" className={buttonClasses('primary')}>See plans</Link>
      </div>
    );
  }
  const trialEnd = subscription.trialEnd ? new Date(subscription.trialEnd) : null;
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-gray-500 uppercase">Plan</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900">{subscription.plan}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500 uppercase">Status</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900">{STATUS_LABELS[subscription.status] ?? subscription.status}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-gray-500 uppercase">Trial ends</dt>
          <dd className="mt-1 text-sm font-semibold text-gray-900">
            {trialEnd && subscription.onTrial ? <DateTime value={trialEnd} /> : '—'}
          </dd>
        </div>
      </dl>
      <Button variant="secondary" disabled={opening} onClick={() => void manage()}>
        {opening ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <CreditCard className="size-4" aria-hidden />}
        Manage billing
      </Button>
    </div>
  );
}

/** Sections a link can open the page at: `?tab=security` (the e-mail sent after a support session), `?tab=sender` (campaigns), `?tab=offering`, `?tab=notifications` (every lead digest). */
const TAB_ANCHORS: Record<string, string> = { security: 'support-sessions', sender: 'sender-identity', offering: 'offering', team: 'team', activity: 'activity', notifications: 'notifications' };

/** How long the page keeps a `?tab=…` section in view while the sections above it load. */
const HOLD_ANCHOR_MS = 4000;
/** What counts as the founder taking over the scrolling. */
const USER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * `?tab=…` opens the page at that section, and keeps it there while the sections above it
 * finish loading and grow (billing, sender identity, offering), until the founder scrolls,
 * types or clicks themselves.
 */
function useOpenAtTab() {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  useEffect(() => {
    const anchor = tab ? TAB_ANCHORS[tab] : undefined;
    if (!anchor) return;
    const reveal = () => document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
    // After the layout's scroll to the top on navigation, which runs after this effect.
    const timer = window.setTimeout(reveal, 0);
    const resized = new ResizeObserver(reveal);
    resized.observe(document.body);
    const release = () => {
      resized.disconnect();
      for (const event of USER_EVENTS) window.removeEventListener(event, release);
    };
    for (const event of USER_EVENTS) window.addEventListener(event, release, { passive: true });
    const stop = window.setTimeout(release, HOLD_ANCHOR_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(stop);
      release();
    };
  }, [tab]);
}

export default function SettingsPage() {
  useOpenAtTab();
  const permissions = usePermissions();
  return (
    <>
      <PageHeader title="Settings" description="Your account, notifications, brand, billing, campaign sender and security." />
      <div>
        <Section icon={UserRound} title="Account" description="The name investors and your team see, and your sign-in e-mail.">
          <NameForm />
        </Section>
        <Section
          anchor="team"
          icon={UsersRound}
          title="Team"
          description="Co-founders, advisors and counsel who work on this company's raise, with what each role may do. The server enforces every role."
        >
          <TeamSettings />
        </Section>
        {permissions?.includes('manage_team') ? (
          <Section anchor="activity" icon={History} title="Activity" description="Who on your team changed what, and when: forms, leads, campaigns, the vault, the offering and the team itself. Kept 400 days.">
            <ActivityLog />
          </Section>
        ) : null}
        <Section
          anchor="notifications"
          icon={Bell}
          title="Notifications"
          description="How you hear about new investor leads. However busy a launch gets, your inbox gets at most 20 lead e-mails an hour, and the rest arrive together."
        >
          <NotificationSettings />
        </Section>
        <Section anchor="brand" icon={ImageIcon} title="Brand" description="Your logo, shown above the headline of every investor form.">
          <LogoSettings />
        </Section>
        <Section icon={CreditCard} title="Billing" description="Your plan, trial and payment details.">
          <BillingPanel />
        </Section>
        <Section
          anchor="sender-identity"
          icon={Building2}
          title="Sender identity"
          description="The company name and postal address every campaign e-mail carries, as the CAN-SPAM Act requires. Needed before your first send."
        >
          <SenderIdentityForm />
        </Section>
        <Section
          anchor="offering"
          icon={Flag}
          title="Offering"
          description="Where your raise stands. Your forms follow it: once your Form C is filed, they point investors to your funding portal instead of collecting interest."
        >
          <OfferingSettings />
        </Section>
      </div>
      <section id="security" aria-labelledby="security-group-heading" className="mt-2">
        <div className="border-t border-gray-200 pt-8 pb-2">
          <h2 id="security-group-heading" className="text-lg font-semibold text-gray-900">Security</h2>
          <p className="mt-1 text-sm text-gray-600">Your password, where you are signed in, and when RaiseSpark support accessed your account.</p>
        </div>
        <Section level={3} icon={KeyRound} title="Password" description="Change the password you sign in with.">
          <PasswordForm />
        </Section>
        <Section level={3} icon={LogOut} title="Sessions" description="Lost a device or used a shared computer?">
          <SessionsPanel />
        </Section>
        <Section
          level={3}
          anchor="support-sessions"
          icon={LifeBuoy}
          title="Support sessions"
          description="When our support team signed in to your account to help, why, what they changed and what they viewed. Every session is time-limited and recorded."
        >
          <SupportSessions />
        </Section>
      </section>
    </>
  );
}

import { KeyRound, Loader2, LogOut, UserRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';

function Section({ icon: Icon, title, description, children }: {
  icon: typeof UserRound;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${title}-heading`} className="grid gap-6 border-b border-gray-200 py-8 first:pt-0 last:border-0 md:grid-cols-3">
      <div>
        <div className="flex items-center gap-2">
          <Icon className="size-5 text-brand-600" aria-hidden />
          <h2 id={`${title}-heading`} className="text-base font-semibold text-gray-900">{title}</h2>
        </div>
        <p className="mt-1 text-sm text-gray-600">{description}</p>
      </div>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm md:col-span-2">{children}</div>
    </section>
  );
}

function NameForm() {
  const { user, updateName } = useAuth();
  const [name, setName] = useState(displayName(user) ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await updateName(name);
      toast.success('Your name was updated');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save your name.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label="Email" value={user?.email ?? ''} disabled readOnly />
      <Field label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} />
      <Button type="submit" disabled={saving || !name.trim() || name.trim() === displayName(user)}>
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {saving ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}

function PasswordForm() {
  const { changePassword } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      toast.success('Password updated. Your other devices were signed out.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not change your password.');
    } finally {
      setSaving(false);
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
      <Button type="submit" disabled={saving || !current || !next}>
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {saving ? 'Updating...' : 'Update password'}
      </Button>
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

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your account, password and sessions." />
      <div>
        <Section icon={UserRound} title="Account" description="The name investors and your team see, and your sign-in e-mail.">
          <NameForm />
        </Section>
        <Section icon={KeyRound} title="Password" description="Change the password you sign in with.">
          <PasswordForm />
        </Section>
        <Section icon={LogOut} title="Sessions" description="Lost a device or used a shared computer?">
          <SessionsPanel />
        </Section>
      </div>
    </>
  );
}

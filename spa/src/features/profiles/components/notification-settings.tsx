import { Bell, BellOff, CalendarDays, Clock, Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermissions } from '@/features/teams/api/teams';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { toast } from '@/lib/toast';
import { useUpdateNotifications } from '../api/notifications';
import { useProfile, type LeadMails } from '../api/profile';

const CHOICES: { id: LeadMails; label: string; caption: string; icon: typeof Bell }[] = [
  {
    id: 'every',
    label: 'Every lead',
    caption: 'An e-mail for each new lead. In a busy hour, after the first 20, the rest arrive together in one digest when the hour ends.',
    icon: Bell,
  },
  { id: 'hourly', label: 'Hourly digest', caption: 'One e-mail after each hour with new leads: how many, hot, warm and cold, and where they came from.', icon: Clock },
  { id: 'daily', label: 'Daily digest', caption: 'One e-mail after each day (UTC) with new leads.', icon: CalendarDays },
  { id: 'off', label: 'Off', caption: 'No lead e-mails. Your leads and dashboard still show every new lead.', icon: BellOff },
];

/**
 * Settings → Notifications: how the company hears about new leads. The server decides which
 * e-mail each lead goes in (and caps instant e-mails at 20 an hour); this page only keeps the
 * choice. Members who cannot manage the company see it without changing it.
 */
export function NotificationSettings() {
  const { data: profile, isLoading, error } = useProfile();
  const permissions = usePermissions();
  const { save, saving } = useUpdateNotifications();
  const saved = profile?.lead_mails ?? 'every';
  const [choice, setChoice] = useState<LeadMails>(saved);
  useEffect(() => setChoice(saved), [saved]);
  const canChange = permissions?.includes('manage_company') ?? false;

  if (isLoading) return <Skeleton className="h-48" />;
  if (error && !profile) return <p className="text-sm text-red-600">Your notification settings could not be loaded. Please refresh the page.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save(choice);
      toast.success('Notification settings saved');
    } catch (failure) {
      toast.error('Notification settings not saved', { description: failure instanceof ApiError ? failure.message : 'Please try again.' });
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset disabled={!canChange || saving}>
        <legend className="text-sm font-medium text-gray-900">E-mail me about new leads</legend>
        <p className="mt-0.5 text-xs text-gray-500">Sent to the company's owner.</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {CHOICES.map(({ id, label, caption, icon: Icon }) => {
            const selected = choice === id;
            return (
              <label
                key={id}
                className={cn(
                  'flex gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  selected ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-gray-200 bg-white',
                  canChange ? 'cursor-pointer hover:border-brand-300' : 'cursor-not-allowed opacity-80',
                )}
              >
                <input type="radio" name="lead-mails" value={id} checked={selected} onChange={() => setChoice(id)} className="sr-only" />
                <span
                  aria-hidden
                  className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', selected ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-500')}
                >
                  <Icon className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-gray-900">{label}</span>
                  <span className="mt-0.5 block text-xs text-gray-600">{caption}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {canChange ? (
        <FormActions>
          <Button type="submit" disabled={saving || choice === saved}>
            {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {saving ? 'Saving...' : 'Save notifications'}
          </Button>
        </FormActions>
      ) : permissions ? (
        <p className="text-sm text-gray-600">Only the company's owner and admins can change this.</p>
      ) : null}
    </form>
  );
}

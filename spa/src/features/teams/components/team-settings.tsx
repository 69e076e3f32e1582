import { Loader2, Mail, Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { teamActions, useTeam, type Role, type Team, type TeamMember } from '../api/teams';
import { ROLE_LABELS } from './company-switcher';

const INVITABLE: Role[] = ['admin', 'member', 'counsel', 'viewer'];

const message = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

function RoleSelect({ value, onChange, disabled, label, roles }: { value: Role; onChange: (role: Role) => void; disabled?: boolean; label: string; roles: Role[] }) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Role)}
      className="rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 shadow-sm disabled:bg-gray-50 disabled:text-gray-500"
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function InviteForm({ team }: { team: Team }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = team.seats.used >= team.seats.included;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      await teamActions.invite(email.trim(), role);
      toast.success(`Invitation sent to ${email.trim()}`);
      setEmail('');
    } catch (err) {
      setError(message(err, 'The invitation could not be sent.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Invite a teammate">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="E-mail address" type="email" name="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
        <label className="grid gap-1.5 text-sm font-medium text-gray-700">
          Role
          <RoleSelect label="Role of the invited person" value={role} onChange={setRole} roles={INVITABLE} />
        </label>
        <Button type="submit" disabled={sending || !email.trim() || full}>
          {sending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <UserPlus className="size-4" aria-hidden />}
          {sending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
      <p className="text-xs text-gray-500">{team.roles.find((r) => r.role === role)?.summary}</p>
    </form>
  );
}

function MemberRow({ team, member }: { team: Team; member: TeamMember }) {
  const manages = team.permissions.includes('manage_team');
  const owns = team.permissions.includes('transfer_ownership');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'remove' | 'transfer' | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      setConfirm(null);
    } catch (err) {
      toast.error(message(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const editable = manages && !member.you && member.role !== 'owner';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900">
          {member.email} {member.you ? <span className="font-normal text-gray-500">(you)</span> : null}
        </p>
        <p className="text-xs text-gray-500">
          Joined <DateTime value={member.joined_at} />
        </p>
      </div>
      <div className="flex items-center gap-2">
        {editable ? (
          <RoleSelect label={`Role of ${member.email}`} value={member.role} disabled={busy} roles={INVITABLE} onChange={(role) => run(() => teamActions.changeRole(member.user_id, role), `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`)} />
        ) : (
          <Badge tone={member.role === 'owner' ? 'brand' : member.role === 'counsel' ? 'sky' : 'gray'}>{ROLE_LABELS[member.role]}</Badge>
        )}
        {owns && !member.you ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirm('transfer')}>Make owner</Button>
        ) : null}
        {editable ? (
          <Button variant="ghost" size="sm" aria-label={`Remove ${member.email}`} onClick={() => setConfirm('remove')}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(open) => setConfirm(open ? 'remove' : null)}
        title={`Remove ${member.email}?`}
        description="They lose access to this company at once. Everything they made stays."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        variant="danger"
        pending={busy}
        onConfirm={() => run(() => teamActions.remove(member.user_id), `${member.email} was removed`)}
      />
      <ConfirmDialog
        open={confirm === 'transfer'}
        onOpenChange={(open) => setConfirm(open ? 'transfer' : null)}
        title={`Transfer ownership to ${member.email}?`}
        description="They become the owner, with billing and the right to delete the company. You stay on the team as an admin."
        confirmLabel="Transfer ownership"
        pendingLabel="Transferring..."
        pending={busy}
        onConfirm={() => run(() => teamActions.transfer(member.user_id), `${member.email} now owns the company`)}
      />
    </li>
  );
}

/** Settings → Team: who works on the raise, their roles, invitations and seats. */
export function TeamSettings() {
  const { data: team, error, isLoading } = useTeam();
  if (isLoading) return <ListSkeleton label="Loading your team" rows={3} header={false} />;
  if (error || !team) return <Alert tone="error">{message(error, 'The team could not be loaded.')}</Alert>;
  const manages = team.permissions.includes('manage_team');
  const full = team.seats.used >= team.seats.included;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">
          <span className="font-semibold text-gray-900">{team.company.name}</span> · your role: {ROLE_LABELS[team.role]}
        </p>
        <Badge tone={full ? 'amber' : 'gray'}>
          {team.seats.used} of {team.seats.included} seats used
        </Badge>
      </div>
      <ul className="divide-y divide-gray-100" aria-label="Team members">
        {team.members.map((member) => (
          <MemberRow key={member.user_id} team={team} member={member} />
        ))}
      </ul>
      {team.permissions.includes('manage_company') ? <ReviewSwitch team={team} /> : team.company.review_required ? (
        <p className="text-sm text-gray-600">Counsel reviews campaigns, forms going live and offering changes before investors see them.</p>
      ) : null}
      {manages ? (
        <>
          {team.invitations.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold text-gray-900">Pending invitations</h3>
              <ul className="mt-2 divide-y divide-gray-100">
                {team.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                    <span className="flex min-w-0 items-center gap-2 text-sm text-gray-700">
                      <Mail className="size-4 shrink-0 text-gray-400" aria-hidden />
                      <span className="truncate">{invitation.email}</span>
                      <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                    </span>
                    <span className="flex items-center gap-3 text-xs text-gray-500">
                      Expires <DateTime value={invitation.expires_at} />
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => teamActions.revoke(invitation.id).then(() => toast.success('Invitation revoked'), (err) => toast.error(message(err, 'Could not revoke the invitation.')))}
                      >
                        Revoke
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {full ? (
            <Alert tone="info">
              All {team.seats.included} seats of your plan are taken. {team.seats.included < 10 ? 'Pro includes 10 seats.' : 'Remove a member or an invitation to invite someone else.'}
            </Alert>
          ) : null}
          <InviteForm team={team} />
        </>
      ) : (
        <p className="text-sm text-gray-500">Only an owner or admin can invite people or change roles.</p>
      )}
      {team.role !== 'owner' ? <LeaveCompany team={team} /> : null}
    </div>
  );
}

/** Counsel's review on or off (owners and admins): on by default once the team has counsel. */
function ReviewSwitch({ team }: { team: Team }) {
  const [saving, setSaving] = useState(false);
  const hasCounsel = team.members.some((member) => member.role === 'counsel');
  const change = async (required: boolean) => {
    setSaving(true);
    try {
      await teamActions.setReviewRequired(required);
      toast.success(required ? 'Counsel review turned on' : 'Counsel review turned off');
    } catch (err) {
      toast.error(message(err, 'The setting could not be saved.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={cn('rounded-xl border border-gray-200 p-4', saving && 'opacity-70')}>
      <Switch
        label="Counsel reviews before investors see it"
        description={`Sending or scheduling a campaign, publishing a form and changing the offering's stage wait for an approval of that exact version by counsel (or an admin who is not its author).${hasCounsel ? '' : ' Invite your securities counsel to approve.'}`}
        checked={team.company.review_required}
        onChange={(checked) => void change(checked)}
      />
    </div>
  );
}

function LeaveCompany({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="border-t border-gray-100 pt-4">
      <Button variant="secondary" onClick={() => setOpen(true)}>Leave {team.company.name}</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Leave ${team.company.name}?`}
        description="You lose access at once. An owner or admin can invite you again."
        confirmLabel="Leave company"
        pendingLabel="Leaving..."
        variant="danger"
        pending={busy}
        onConfirm={async () => {
          setBusy(true);
          try {
            await teamActions.leave();
            window.location.assign('/dashboard');
          } catch (err) {
            toast.error(err instanceof ApiError ? err.message : 'Could not leave the company.');
            setBusy(false);
          }
        }}
      />
    </div>
  );
}

import { Loader2, UserRoundCog } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/field';
import { useImpersonateUser } from '@/features/impersonation/api/impersonate-user';
import { REASON_MAX, REASON_RULE, isValidReason, reasonLength } from '@/features/impersonation/impersonate';

/**
 * Asks why before impersonating `email` (5 to 500 characters; the user later sees the
 * reason in their security settings), then opens the session in a new tab.
 */
export function ImpersonateDialog({ email, open, onOpenChange }: {
  email: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const { trigger, isMutating } = useImpersonateUser();
  const valid = isValidReason(reason);
  const error = checked && !valid ? REASON_RULE : undefined;

  const close = (next: boolean) => {
    if (isMutating) return;
    if (!next) {
      setReason('');
      setChecked(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!valid || !email) return;
    const opened = await trigger({ email, reason });
    if (opened) {
      setReason('');
      setChecked(false);
      onOpenChange(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Impersonate user"
      description={
        <>
          You will act as <strong className="font-medium break-all text-gray-900">{email}</strong> in a new tab. The session is
          time-limited, every change you make is recorded, and the user can see the session and its reason in their security
          settings.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <TextareaField
          label="Reason"
          name="reason"
          rows={4}
          maxLength={REASON_MAX + 50}
          placeholder="e.g. The founder asked us to check why their form's embed shows no leads (ticket #4821)."
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => reason && setChecked(true)}
          hint="Why you need access to this account."
          error={error}
          aside={`${reasonLength(reason)}/${REASON_MAX}`}
          required
        />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={isMutating}>
            Cancel
          </Button>
          <Button type="submit" disabled={isMutating}>
            {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <UserRoundCog className="size-4" aria-hidden />}
            {isMutating ? 'Opening session...' : 'Impersonate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

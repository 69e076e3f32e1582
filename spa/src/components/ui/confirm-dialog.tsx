import { Loader2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';
import { inputClasses } from './field';
import { cn } from '@/lib/utils';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  pending: boolean;
  /** E.g. while the figure the question states is being read. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
};

/**
 * A yes/no question before an action that cannot be taken back (delete, cancel, send). It
 * cannot be closed while the action runs.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, pendingLabel, cancelLabel = 'Cancel', variant = 'primary', pending, confirmDisabled = false, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      {children}
      <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', children ? 'mt-6' : undefined)}>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={pending || confirmDisabled}>
          {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** A `ConfirmDialog` whose action waits until `requireTyped` (e.g. DELETE) is typed exactly. */
export function TypeToConfirmDialog({ requireTyped, confirmDisabled = false, children, ...props }: ConfirmDialogProps & { requireTyped: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  // Closed, however it closed, the next opening starts empty.
  if (!props.open && typed) setTyped('');
  return (
    <ConfirmDialog {...props} confirmDisabled={confirmDisabled || typed !== requireTyped}>
      {children}
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        Type <span className="font-mono font-semibold">{requireTyped}</span> to confirm
      </label>
      <input id={id} autoComplete="off" className={cn(inputClasses, 'mt-1.5')} value={typed} onChange={(event) => setTyped(event.target.value)} />
    </ConfirmDialog>
  );
}

import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** A yes/no question before an action that cannot be taken back (delete, cancel, send). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, pendingLabel, cancelLabel = 'Cancel', variant = 'primary', pending, confirmDisabled = false, onConfirm, children }: {
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
}) {
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

import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Confirms a lead's deletion; 'Delete' reads 'Deleting...' while the request runs. */
export function DeleteLeadDialog({ name, open, onOpenChange, onConfirm }: {
  name: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Deletes the lead; a rejection keeps the dialog open. */
  onConfirm: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      console.error('lead delete failed', error);
      toast.error('Failed to delete lead');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!deleting) onOpenChange(next);
      }}
      title="Delete this lead?"
      description={
        <>
          {name ? <strong className="text-gray-900">{name}</strong> : 'This investor'}
          {'’s answers will be deleted permanently. This cannot be undone.'}
        </>
      }
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this lead?"
      description={
        <>
          {name ? <strong className="text-gray-900">{name}</strong> : 'This investor'}
          {'’s answers will be deleted permanently. This cannot be undone.'}
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      variant="danger"
      pending={deleting}
      onConfirm={() => void confirm()}
    />
  );
}

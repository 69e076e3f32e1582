import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/field';
import { deleteForm } from '../api/forms';
import type { Form } from '../types';

/** Spec 2 and 5: deleting needs exactly DELETE typed; 'Delete Form' shows 'Deleting...'. */
export function DeleteFormDialog({ form, open, onOpenChange }: { form: Form; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      const result = await deleteForm(form.id);
      toast.success(result.had_leads ? 'Form deleted successfully. Your leads have been preserved.' : 'Form deleted successfully');
      onOpenChange(false);
    } catch (error) {
      console.error('delete failed', error);
      toast.error('Failed to delete form');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title="Delete this form?"
      description={
        <>
          <strong className="text-gray-900">{form.name}</strong> will be deleted permanently and its embeds will stop
          working. Leads it already captured are kept.
        </>
      }
    >
      <label htmlFor="confirm-delete" className="block text-sm font-medium text-gray-900">
        Type <span className="font-mono font-semibold">DELETE</span> to confirm
      </label>
      <input
        id="confirm-delete"
        autoComplete="off"
        className={`${inputClasses} mt-1.5`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" disabled={typed !== 'DELETE' || deleting} onClick={() => void confirm()}>
          {deleting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {deleting ? 'Deleting...' : 'Delete Form'}
        </Button>
      </div>
    </Dialog>
  );
}

import { TypeToConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteForm } from '../api/delete-form';
import type { Form } from '../types';

/** Spec 2 and 5: deleting needs exactly DELETE typed; 'Delete Form' shows 'Deleting...'. */
export function DeleteFormDialog({ form, open, onOpenChange }: { form: Form; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { trigger, isMutating: deleting } = useDeleteForm(form.id);

  const confirm = async () => {
    try {
      const result = await trigger();
      toast.success(result.had_leads ? 'Form deleted successfully. Your leads have been preserved.' : 'Form deleted successfully');
      onOpenChange(false);
    } catch (error) {
      console.error('delete failed', error);
      toast.error('Failed to delete form');
    }
  };

  return (
    <TypeToConfirmDialog
      requireTyped="DELETE"
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this form?"
      description={
        <>
          <strong className="text-gray-900">{form.name}</strong> will be deleted permanently and its embeds will stop
          working. Leads it already captured are kept.
        </>
      }
      confirmLabel="Delete Form"
      pendingLabel="Deleting..."
      variant="danger"
      pending={deleting}
      onConfirm={() => void confirm()}
    />
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelCampaign } from '../api/cancel-campaign';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useDuplicateCampaign } from '../api/duplicate-campaign';
import type { Campaign } from '../types';

type Pending = { action: 'delete' | 'cancel'; campaign: Campaign } | null;

/**
 * Duplicate, delete (a draft, confirmed) and cancel (a scheduled, sending or paused campaign,
 * confirmed), with their dialogs and toasts, for the list and the results page.
 */
export function useCampaignActions({ afterDelete }: { afterDelete?: () => void } = {}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();
  const cancel = useCancelCampaign();

  const run = async (action: 'duplicate' | 'delete' | 'cancel', campaign: Campaign) => {
    if (action !== 'duplicate') {
      setPending({ action, campaign });
      return;
    }
    try {
      const copy = await duplicate.trigger({ id: campaign.id });
      toast.success('Campaign duplicated', { description: `“${copy.name}” is a new draft.` });
      navigate(`/campaigns/${copy.id}`);
    } catch (failure) {
      toast.error('Failed to duplicate campaign', { description: failure instanceof ApiError ? failure.message : undefined });
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { action, campaign } = pending;
    try {
      if (action === 'delete') {
        await remove.trigger({ id: campaign.id });
        toast.success('Campaign deleted');
        afterDelete?.();
      } else {
        await cancel.trigger({ id: campaign.id });
        toast.success('Campaign cancelled', { description: 'Recipients not sent yet will not get it.' });
      }
      setPending(null);
    } catch (failure) {
      toast.error(action === 'delete' ? 'Failed to delete campaign' : 'Failed to cancel campaign', {
        description: failure instanceof ApiError ? failure.message : undefined,
      });
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={pending?.action === 'delete'}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete this draft?"
        description={
          <>
            <strong className="font-semibold text-gray-900">{pending?.campaign.name}</strong> will be deleted permanently. Sent campaigns are kept as a record and cannot be deleted.
          </>
        }
        confirmLabel="Delete campaign"
        pendingLabel="Deleting..."
        variant="danger"
        pending={remove.isMutating}
        onConfirm={() => void confirm()}
      />
      <ConfirmDialog
        open={pending?.action === 'cancel'}
        onOpenChange={(open) => !open && setPending(null)}
        title="Cancel this campaign?"
        description={
          <>
            <strong className="font-semibold text-gray-900">{pending?.campaign.name}</strong> stops now: recipients who have not been sent it yet never will be. Messages already sent cannot be recalled.
          </>
        }
        confirmLabel="Cancel campaign"
        cancelLabel="Keep it"
        pendingLabel="Cancelling..."
        variant="danger"
        pending={cancel.isMutating}
        onConfirm={() => void confirm()}
      />
    </>
  );

  return { run, dialogs, duplicating: duplicate.isMutating };
}

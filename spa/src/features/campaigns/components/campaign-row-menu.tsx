import { BarChart3, Copy, MoreVertical, Pencil, Trash2, XCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { allowedActions } from '../status';
import type { Campaign } from '../types';

export type RowAction = 'duplicate' | 'delete' | 'cancel';

/** Per-campaign actions: edit (drafts), view results, duplicate, cancel (in flight), delete (drafts). */
export default function CampaignRowMenu({ campaign, onAction }: { campaign: Campaign; onAction: (action: RowAction, campaign: Campaign) => void }) {
  const navigate = useNavigate();
  const allowed = allowedActions(campaign.status);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Actions for ${campaign.name}`}
        className="rounded-lg p-2 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-gray-100"
      >
        <MoreVertical className="size-5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {allowed.edit ? (
          <DropdownMenuItem onSelect={() => navigate(`/campaigns/${campaign.id}`)}>
            <Pencil className="size-4" aria-hidden /> Edit
          </DropdownMenuItem>
        ) : null}
        {allowed.results ? (
          <DropdownMenuItem onSelect={() => navigate(`/campaigns/${campaign.id}/results`)}>
            <BarChart3 className="size-4" aria-hidden /> View results
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => onAction('duplicate', campaign)}>
          <Copy className="size-4" aria-hidden /> Duplicate
        </DropdownMenuItem>
        {allowed.cancel || allowed.delete ? <DropdownMenuSeparator /> : null}
        {allowed.cancel ? (
          <DropdownMenuItem onSelect={() => onAction('cancel', campaign)}>
            <XCircle className="size-4 text-red-600" aria-hidden /> <span className="text-red-700">Cancel sending</span>
          </DropdownMenuItem>
        ) : null}
        {allowed.delete ? (
          <DropdownMenuItem onSelect={() => onAction('delete', campaign)}>
            <Trash2 className="size-4 text-red-600" aria-hidden /> <span className="text-red-700">Delete</span>
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

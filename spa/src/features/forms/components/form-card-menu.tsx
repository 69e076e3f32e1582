import { Archive, ArchiveRestore, Code2, Eye, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Form } from '../types';
import { MENU_TRIGGER_CLASSES } from './form-card-menu-trigger';

const openInNewTab = (path: string) => window.open(path, '_blank', 'noopener');

/** Spec 2, form card menu: Edit; Embed and Preview (published, not archived); Archive or Unarchive; Delete. */
export default function FormCardMenu({ form, label, defaultOpen, onToggleArchive, onDelete }: {
  form: Form;
  label: string;
  defaultOpen: boolean;
  onToggleArchive: () => Promise<void>;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const live = form.is_published && !form.is_archived;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={label} className={MENU_TRIGGER_CLASSES}>
        <MoreVertical className="size-5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate(`/forms/${form.id}`)}>
          <Pencil className="size-4" aria-hidden /> Edit
        </DropdownMenuItem>
        {live ? (
          <>
            <DropdownMenuItem onSelect={() => openInNewTab(`/embed-options/${form.id}`)}>
              <Code2 className="size-4" aria-hidden /> Embed
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openInNewTab(`/form-preview/${form.id}`)}>
              <Eye className="size-4" aria-hidden /> Preview
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuItem onSelect={() => void onToggleArchive()}>
          {form.is_archived ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
          {form.is_archived ? 'Unarchive' : 'Archive'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onDelete}>
          <Trash2 className="size-4 text-red-600" aria-hidden /> <span className="text-red-700">Delete</span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { Code2, Eye, MoreVertical, Rocket, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChangeForm } from '../api/change-form';
import type { Form } from '../types';
import { DateTime } from '@/components/ui/date-time';
import { MENU_TRIGGER_CLASSES } from './form-card-menu-trigger';

/** The card's menu (Radix) loads after the first render; its look-alike button stands in. */
const FormCardMenu = lazy(() => import('./form-card-menu'));
const DeleteFormDialog = lazy(() => import('./delete-form-dialog').then((module) => ({ default: module.DeleteFormDialog })));

function Tag({ tone, children }: { tone: 'green' | 'gray' | 'amber'; children: string }) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    gray: 'bg-gray-100 text-gray-700 ring-gray-200',
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  };
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}>{children}</span>;
}

/** A form card (spec 2, Dashboard): tags, menu and the action buttons for its state. */
export function FormCard({ form, onArchiveChange }: { form: Form; onArchiveChange?: (archived: boolean) => void }) {
  const [deleting, setDeleting] = useState(false);
  const [menuOnLoad, setMenuOnLoad] = useState(false);
  const live = form.is_published && !form.is_archived;
  const menuLabel = `Actions for ${form.name}`;

  const change = useChangeForm(form.id);

  const toggleArchive = async () => {
    const archiving = !form.is_archived;
    try {
      await change.trigger({ action: archiving ? 'archive' : 'unarchive' });
      toast.success(archiving ? 'Form archived successfully' : 'Form unarchived successfully');
      onArchiveChange?.(archiving);
    } catch (error) {
      console.error('archive failed', error);
      toast.error(archiving ? 'Failed to archive form' : 'Failed to unarchive form');
    }
  };

  return (
    <article aria-label={form.name} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-base font-semibold break-words text-gray-900" title={form.name}>{form.name}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {form.is_published ? <Tag tone="green">Published</Tag> : <Tag tone="gray">Draft</Tag>}
            {form.is_archived ? <Tag tone="amber">Archived</Tag> : null}
          </div>
        </div>
        <Suspense
          fallback={
            <button type="button" aria-label={menuLabel} aria-haspopup="menu" className={MENU_TRIGGER_CLASSES} onClick={() => setMenuOnLoad(true)}>
              <MoreVertical className="size-5" aria-hidden />
            </button>
          }
        >
          <FormCardMenu form={form} label={menuLabel} defaultOpen={menuOnLoad} onToggleArchive={toggleArchive} onDelete={() => setDeleting(true)} />
        </Suspense>
      </div>
      {form.description ? <p className="mt-3 line-clamp-2 text-sm text-gray-600">{form.description}</p> : null}
      <div className="mt-4 flex items-center gap-4 text-xs text-gray-500">
        <span>Created <DateTime value={form.created_at} /></span>
        {live ? <span>{form.views} {form.views === 1 ? 'view' : 'views'}</span> : null}
      </div>
      {form.is_archived ? null : (
        <div className="mt-5 flex flex-wrap gap-2 border-t border-gray-100 pt-4">
          {form.is_published ? (
            <>
              <a href={`/form-preview/${form.id}`} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
                <Eye className="size-4" aria-hidden /> Preview
              </a>
              <a href={`/embed-options/${form.id}`} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
                <Code2 className="size-4" aria-hidden /> Embed
              </a>
              <Link to={`/leads?formId=${form.id}`} className={buttonClasses('primary', 'sm')}>
                <Users className="size-4" aria-hidden /> Submissions
              </Link>
            </>
          ) : (
            <Link to={`/forms/${form.id}`} className={buttonClasses('primary', 'sm')}>
              <Rocket className="size-4" aria-hidden /> Publish
            </Link>
          )}
        </div>
      )}
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteFormDialog form={form} open onOpenChange={setDeleting} />
        </Suspense>
      ) : null}
    </article>
  );
}

import { Archive, FileText, Loader2, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubscription } from '@/features/billing/subscription-context';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreateForm as useCreateFormRequest } from '../api/create-form';
import { useForms } from '../api/get-forms';

/** The cards come with the forms: their code loads beside the first render, not before it. */
const loadFormCard = () => import('./form-card');
const FormCard = lazy(() => loadFormCard().then((module) => ({ default: module.FormCard })));

export const TRIAL_TO_CREATE = 'Start your 7-day free trial to create investor forms';

/** Creates a form and opens the editor; without a subscription, points to the trial. */
export function useCreateForm() {
  const navigate = useNavigate();
  const { isSubscribed, loading } = useSubscription();
  const { trigger, isMutating: creating } = useCreateFormRequest();

  const create = async () => {
    if (!loading && !isSubscribed) {
      toast.info(TRIAL_TO_CREATE);
      navigate('/pricing');
      return;
    }
    try {
      const form = await trigger();
      navigate(`/forms/${form.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        toast.info(TRIAL_TO_CREATE);
        navigate('/pricing');
      } else {
        toast.error('Failed to create form');
      }
    }
  };
  return { create, creating };
}

function CardSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => <Skeleton key={i} className="h-48 rounded-2xl" />)}
    </div>
  );
}

/** 'Your Forms' (spec 2): the archived toggle, Create Form, the cards and the empty states. */
export function FormsList({ archived, onArchivedChange, onArchiveChange, title = 'Your Forms', headingLevel = 2 }: {
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
  /** Called after a card was archived (true) or unarchived (false). */
  onArchiveChange?: (archived: boolean) => void;
  title?: string;
  headingLevel?: 2 | 3;
}) {
  const { data, error, isLoading } = useForms();
  const { create, creating } = useCreateForm();
  // Fetched while the forms are, so the cards are ready when the list is.
  useEffect(() => void loadFormCard(), []);
  const forms = (data?.forms ?? []).filter((form) => form.is_archived === archived);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section aria-labelledby="your-forms-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id="your-forms-heading" className="text-lg font-semibold text-gray-900">{title}</Heading>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={archived}
            onClick={() => onArchivedChange(!archived)}
            className={cn(archived && 'bg-amber-50 ring-amber-300')}
          >
            <Archive className="size-4" aria-hidden />
            {archived ? 'Viewing Archived' : 'Show Archived'}
          </Button>
          <Button size="sm" onClick={() => void create()} disabled={creating}>
            {creating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Plus className="size-4" aria-hidden />}
            Create Form
          </Button>
        </div>
      </div>
      {isLoading ? (
        <CardSkeletons />
      ) : error ? (
        <EmptyState icon={FileText} title="Your forms could not be loaded">Please refresh the page.</EmptyState>
      ) : forms.length === 0 ? (
        archived ? (
          <EmptyState icon={Archive} title="No archived forms" action={<Button variant="secondary" onClick={() => onArchivedChange(false)}>View Active Forms</Button>}>
            Forms you archive are kept here, out of the way.
          </EmptyState>
        ) : (
          <EmptyState
            icon={FileText}
            title="No forms yet"
            action={<Button onClick={() => void create()} disabled={creating}><Plus className="size-4" aria-hidden /> Create Your First Form</Button>}
          >
            Create your first investor form to start collecting leads
          </EmptyState>
        )
      ) : (
        <Suspense fallback={<CardSkeletons />}>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {forms.map((form) => (
              <FormCard key={form.id} form={form} onArchiveChange={onArchiveChange} />
            ))}
          </div>
        </Suspense>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useForm } from '../../api/get-form';
import { FormEditor } from './form-editor';

/** The form editor (spec 2, /forms/{id}): content, fields, styling and a live preview. */
export function FormEditorPage({ id }: { id: string }) {
  const { data: form, error, isLoading } = useForm(id);
  if (error) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-10 text-center shadow-sm">
        <title>Form not found | RaiseSpark</title>
        <h1 className="text-lg font-semibold text-gray-900">Form not found</h1>
        <p className="mt-2 text-sm text-gray-600">It may have been deleted, or it belongs to another account.</p>
        <Link to="/forms" className={buttonClasses('primary', 'md', 'mt-6')}>Back to your forms</Link>
      </div>
    );
  }
  if (isLoading || !form) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Loading form">
        <Skeleton className="h-[36rem] rounded-2xl" />
        <Skeleton className="h-[36rem] rounded-2xl" />
      </div>
    );
  }
  return <FormEditor key={form.id} initial={form} />;
}

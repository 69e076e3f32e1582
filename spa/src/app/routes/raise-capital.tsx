import { ArrowRight, Check, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useProgress, type Progress, type Step } from '@/features/raise-capital/api/progress';
import { useSetStep } from '@/features/raise-capital/api/set-step';
import { cn } from '@/lib/utils';

function StepCard({ step, index, onToggle, saving }: { step: Step; index: number; onToggle: (done: boolean) => void; saving: boolean }) {
  const checkboxId = `step-${step.id}`;
  return (
    <li
      aria-labelledby={`${checkboxId}-title`}
      className={cn(
        'relative rounded-2xl border bg-white p-5 shadow-sm transition-colors sm:p-6',
        step.done ? 'border-emerald-200 bg-emerald-50/40' : 'border-gray-200',
      )}
    >
      <div className="flex gap-4">
        <span
          aria-hidden
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
            step.done ? 'bg-emerald-600 text-white' : 'bg-brand-50 text-brand-700 ring-1 ring-brand-200 ring-inset',
          )}
        >
          {step.done ? <Check className="size-5" /> : index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${checkboxId}-title`} className="text-lg font-semibold text-gray-900">
            {step.title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{step.summary}</p>
          <ul className="mt-3 space-y-1.5 text-sm text-gray-700">
            {step.tasks.map((task) => (
              <li key={task} className="flex gap-2">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-gray-300" />
                {task}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link to={step.link} className={buttonClasses('secondary', 'sm')}>
              {step.linkLabel}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <label htmlFor={checkboxId} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-gray-700 select-none">
              <input
                id={checkboxId}
                type="checkbox"
                checked={step.done}
                disabled={saving}
                onChange={(event) => onToggle(event.target.checked)}
                className="size-4 rounded border-gray-300 accent-emerald-600"
              />
              {step.done ? 'Done' : 'Mark as done'}
            </label>
          </div>
        </div>
      </div>
    </li>
  );
}

/** The Reg CF readiness guide; progress is saved per user on the server. */
export default function RaiseCapitalPage() {
  const { data, error, isLoading, mutate } = useProgress();
  const { trigger: setStep } = useSetStep();
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (step: Step, done: boolean) => {
    if (!data) return;
    setSaving(step.id);
    const optimistic: Progress = {
      ...data,
      steps: data.steps.map((s) => (s.id === step.id ? { ...s, done } : s)),
      completed: data.completed + (done ? 1 : -1),
    };
    try {
      await setStep({ id: step.id, done }, { optimisticData: optimistic, rollbackOnError: true });
      if (done) toast.success(`'${step.title}' done`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Your progress could not be saved. Please try again.');
    } finally {
      setSaving(null);
    }
  };

  const percent = data ? Math.round((data.completed / Math.max(data.total, 1)) * 100) : 0;
  return (
    <>
      <PageHeader title="Raise Capital" description="Your step-by-step Regulation Crowdfunding readiness guide, from choosing a portal to closing the round." />
      <section aria-label="Progress" className="mb-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        {isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : data ? (
          <>
            <div className="flex items-baseline justify-between gap-4">
              <p className="text-sm font-medium text-gray-900">{`${data.completed} of ${data.total} steps complete`}</p>
              <p className="text-sm text-gray-500">{`${percent}%`}</p>
            </div>
            <div className="mt-3 h-2 overflow-hidden rounded-full bg-gray-100" role="progressbar" aria-label="Readiness" aria-valuenow={data.completed} aria-valuemin={0} aria-valuemax={data.total}>
              <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
            </div>
            {data.completed === data.total ? (
              <p className="mt-3 text-sm font-medium text-emerald-700">Every step is done. Congratulations on your raise!</p>
            ) : null}
          </>
        ) : null}
      </section>
      {error ? (
        <Alert>
          <span className="flex items-center gap-2">
            <CircleAlert className="size-4" aria-hidden />
            {error.message || 'The guide could not be loaded.'}
          </span>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => mutate()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <ol aria-label="Steps" className="space-y-4">
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-48 w-full rounded-2xl" />)
          : data?.steps.map((step, index) => (
              <StepCard key={step.id} step={step} index={index} saving={saving === step.id} onToggle={(done) => toggle(step, done)} />
            ))}
      </ol>
      <p className="mt-8 text-xs text-gray-500">This guide is general information about Regulation Crowdfunding, not legal or investment advice. Work with your counsel and funding portal on your offering.</p>
    </>
  );
}

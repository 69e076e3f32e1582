import { AlertTriangle, ArrowLeft, FileX2, SearchX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ProUpgradePrompt } from '@/components/ui/pro-upgrade-prompt';
import { Skeleton } from '@/components/ui/skeleton';
import { refreshDashboard } from '@/features/leads/api/refresh-dashboard';
import { ApiError, isProRequired } from '@/lib/api-client';
import { useImportJob } from '../api/import-job';
import { refreshImports, useImports } from '../api/imports';
import { refreshInvestments } from '../api/investments';
import { stepOf } from '../status';
import type { ImportJob, Preview } from '../types';
import { ChooseFile } from './choose-file';
import { ImportDone } from './import-done';
import { ImportReview } from './import-review';
import { ImportSteps } from './import-steps';
import { PastImports } from './past-imports';
import { StraightToPortal } from './straight-to-portal';
import { WorkProgress } from './work-progress';

const PRO_FALLBACK = 'Importing investments from your funding portal is part of RaiseSpark Pro.';

/** The server's own words when it refused the request (a role without imports, say); null for trouble on the way. */
const refusal = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null);

const hasPreview = (job: ImportJob): job is ImportJob & { preview: Preview } => Boolean(job.preview);

/** The file could not be used: the server's reason, and the way back to step 1. */
function Stopped({ job, message, onAnother }: { job: ImportJob; message: string; onAnother: () => void }) {
  return (
    <section aria-label="The file could not be used" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <Alert>{message}</Alert>
      <p className="mt-3 text-sm break-words text-gray-600">{`${job.fileName} · ${job.portalLabel}`}</p>
      <Button variant="secondary" className="mt-4" onClick={onAnother}>
        <FileX2 className="size-4" aria-hidden /> Choose another file
      </Button>
    </section>
  );
}

/**
 * /leads/import: the founder uploads their funding portal's investor export (CSV or XLSX),
 * checks the preview and imports it, so the leads show who invested. The import being worked on
 * is in the address (`?import=`), so a reload or a past import's link opens it where it is.
 * Below: past imports and the investors who came straight to the portal.
 */
export function ImportInvestmentsPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const overview = useImports();
  const jobQuery = useImportJob(importId);
  const job = jobQuery.data?.import.id === importId ? jobQuery.data.import : null;
  const status = job?.status ?? null;

  // Each step the server takes shows in the list; an applied import changes the investments and the leads' figures.
  useEffect(() => {
    if (!status) return;
    void refreshImports();
    if (status === 'applied') {
      void refreshInvestments();
      void refreshDashboard();
    }
  }, [job?.id, status]);

  const startOver = (portal?: string) => setParams(portal ? { portal } : {});
  const open = (next: ImportJob) => setParams({ import: next.id });

  const header = (
    <PageHeader
      title="Import investments"
      description="Upload your funding portal's investor export to see which of your leads invested."
      actions={
        <Link to="/leads" className={buttonClasses('secondary')}>
          <ArrowLeft className="size-4" aria-hidden /> Back to leads
        </Link>
      }
    />
  );

  if (isProRequired(overview.error)) {
    return (
      <>
        {header}
        <ProUpgradePrompt message={overview.error.message} fallback={PRO_FALLBACK} returnTo="/leads/import" />
      </>
    );
  }

  let step: ReactNode;
  if (!importId) {
    step =
      overview.error && !overview.data ? (
        <EmptyState icon={AlertTriangle} title="Imports could not be loaded" action={<Button variant="secondary" onClick={() => void overview.mutate()}>Try again</Button>}>
          {refusal(overview.error) ?? 'Something went wrong while reading your imports. Check your connection and try again.'}
        </EmptyState>
      ) : (
        <ChooseFile overview={overview.data} initialPortal={params.get('portal')} onStarted={open} />
      );
  } else if (jobQuery.error && !job) {
    step =
      jobQuery.error instanceof ApiError && jobQuery.error.status === 404 ? (
        <EmptyState icon={SearchX} title="This import could not be found" action={<Button variant="secondary" onClick={() => startOver()}>Import another file</Button>}>
          It may belong to another company, or the link is incomplete.
        </EmptyState>
      ) : (
        <EmptyState icon={AlertTriangle} title="This import could not be loaded" action={<Button variant="secondary" onClick={() => void jobQuery.mutate()}>Try again</Button>}>
          {refusal(jobQuery.error) ?? 'Something went wrong while reading the import. Check your connection and try again.'}
        </EmptyState>
      );
  } else if (!job) {
    step = <Skeleton className="h-64 rounded-2xl" />;
  } else if (job.status === 'reading' && !hasPreview(job)) {
    step = <WorkProgress job={job} />;
  } else if ((job.status === 'ready' || job.status === 'reading') && hasPreview(job)) {
    step = <ImportReview key={job.id} job={job} />;
  } else if (job.status === 'applying') {
    step = <WorkProgress job={job} />;
  } else if (job.status === 'applied' || job.status === 'replaced') {
    step = <ImportDone job={job} onAnother={() => startOver(job.portal)} />;
  } else if (job.status === 'uploading') {
    step = <Stopped job={job} message="This file never finished uploading." onAnother={() => startOver(job.portal)} />;
  } else {
    step = (
      <Stopped
        job={job}
        message={job.error || 'This file could not be read. Check that it is the investor export of your portal, then try again.'}
        onAnother={() => startOver(job.portal)}
      />
    );
  }

  const anyApplied = Boolean(overview.data?.portals.some((portal) => portal.activeImportId));

  return (
    <>
      {header}
      <ImportSteps current={importId ? stepOf(status) : 0} />
      {step}
      <div className="mt-10 space-y-6">
        {overview.data ? <PastImports overview={overview.data} currentId={importId} /> : overview.error ? null : <Skeleton className="h-40 rounded-2xl" />}
        <StraightToPortal anyApplied={anyApplied} />
      </div>
    </>
  );
}

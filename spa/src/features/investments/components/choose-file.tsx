import { FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { inputClasses } from '@/components/ui/field';
import { formatBytes } from '@/features/compliance-vault/format';
import { cn } from '@/lib/utils';
import { useUploadImport, type UploadStage } from '../api/upload-import';
import type { ImportJob, ImportsOverview } from '../types';
import { checkImportFile, IMPORT_ACCEPT } from '../upload';

const CHOOSE_PORTAL = 'Choose the portal the file comes from.';
const CHOOSE_FILE = 'Choose the investor export of your portal.';
const FAILED = 'The file could not be uploaded. Please try again.';

const BAR =
  'block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-gray-100 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]';

function pendingText(stage: UploadStage | null): string {
  if (!stage || stage.stage === 'starting') return 'Starting upload...';
  return stage.stage === 'uploading' ? `Uploading... ${stage.percent}%` : 'Reading the file…';
}

/**
 * Step 1: the portal and its investor export (dropped on the zone or chosen), checked against
 * the server's limits, uploaded straight to storage, then read. `onStarted` gets the import,
 * now being read.
 */
export function ChooseFile({ overview, initialPortal, onStarted }: {
  /** Undefined while the imports load. */
  overview: ImportsOverview | undefined;
  initialPortal: string | null;
  onStarted: (job: ImportJob) => void;
}) {
  const portalId = useId();
  const fileId = useId();
  const { trigger, isMutating } = useUploadImport();
  const [portal, setPortal] = useState(initialPortal ?? '');
  const [portalError, setPortalError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stage, setStage] = useState<UploadStage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const limits = overview?.limits ?? null;
  const options = overview?.portalOptions ?? [];
  const applied = overview?.portals.find((entry) => entry.portal === portal && entry.activeImportId);
  const portalLabel = options.find((option) => option.value === portal)?.label ?? portal;

  const take = (chosen: File | null) => {
    setFailure(null);
    setFile(chosen);
    setFileError(chosen ? checkImportFile(chosen, limits) : null);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files?.[0] ?? null);
    // The same file can be chosen again after a change to it.
    event.target.value = '';
  };

  const over = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!isMutating) setDragging(true);
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (isMutating) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) take(dropped);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!portal) setPortalError(CHOOSE_PORTAL);
    if (!file) setFileError(CHOOSE_FILE);
    if (!portal || !file) return;
    const problem = checkImportFile(file, limits);
    if (problem) return setFileError(problem);
    setStage(null);
    try {
      onStarted(await trigger({ file, portal, tooLarge: limits?.tooLarge, onProgress: setStage }));
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : FAILED);
    } finally {
      setStage(null);
    }
  };

  const percent = stage?.stage === 'uploading' ? stage.percent : stage?.stage === 'reading' ? 100 : 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${portalId}-heading`} className="space-y-5 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={`${portalId}-heading`} className="text-base font-semibold text-gray-900">Choose the file</h2>
        <p className="mt-1 text-sm text-gray-600">
          Download the investor export from your funding portal, then upload it here. Nothing changes on your leads until you have checked the preview.
        </p>
      </div>

      <div className="max-w-sm">
        <label htmlFor={portalId} className="block text-sm font-medium text-gray-900">Portal</label>
        <select
          id={portalId}
          className={cn(inputClasses, 'mt-1.5', portalError && 'ring-red-400')}
          value={portal}
          disabled={isMutating || !overview}
          aria-invalid={portalError ? true : undefined}
          aria-describedby={portalError ? `${portalId}-error` : undefined}
          onChange={(event) => {
            setPortal(event.target.value);
            setPortalError(null);
          }}
        >
          <option value="">{overview ? 'Choose a portal' : 'Loading portals...'}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
        {portalError ? <p id={`${portalId}-error`} className="mt-1.5 text-xs text-red-600">{portalError}</p> : null}
        {applied && applied.appliedAt ? (
          <p className="mt-1.5 text-xs text-gray-600">
            {`Your ${portalLabel} investments come from the import of `}
            <DateTime value={applied.appliedAt} />. A newer export replaces it; no investment is ever counted twice.
          </p>
        ) : null}
      </div>

      <div
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : fileError ? 'border-red-300 bg-red-50/40' : 'border-gray-300 bg-gray-50',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-gray-200">
          <FileSpreadsheet className="size-5" aria-hidden />
        </span>
        <p className="mt-3 text-sm font-medium text-gray-900">{file ? file.name : 'Drop your CSV or XLSX export here'}</p>
        <p className="mt-0.5 text-xs text-gray-500">{file ? formatBytes(file.size) : 'or'}</p>
        <input
          id={fileId}
          type="file"
          accept={IMPORT_ACCEPT}
          onChange={choose}
          disabled={isMutating}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${fileId}-note`}
          className="peer sr-only"
        />
        <label
          htmlFor={fileId}
          className={cn(
            'mt-3 inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium whitespace-nowrap text-gray-900 ring-1 ring-gray-300 transition-colors ring-inset hover:bg-gray-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
          )}
        >
          Choose a file
        </label>
        <div id={`${fileId}-note`} className="mt-3 space-y-0.5 text-xs">
          {fileError ? <p className="font-medium text-red-600">{fileError}</p> : null}
          {limits?.hint ? <p className="text-gray-500">{limits.hint}</p> : null}
        </div>
      </div>

      {failure ? <Alert>{failure}</Alert> : null}
      {isMutating ? <progress aria-label="Upload progress" max={100} value={percent} className={BAR} /> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-gray-500 sm:mr-auto" aria-live="polite">{isMutating ? pendingText(stage) : ''}</p>
        <Button type="submit" disabled={isMutating}>
          {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Upload className="size-4" aria-hidden />}
          {isMutating ? pendingText(stage) : 'Upload and preview'}
        </Button>
      </div>
    </form>
  );
}

import { FileUp, Info, Loader2 } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, inputClasses, TextareaField } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUploadRecord, type UploadStage } from '../api/upload-record';
import { formatBytes } from '../format';
import type { CategoryOption, VaultRecord } from '../types';
import { acceptOf, checkUploadFile, defaultTitle, type UploadLimits } from '../upload-file';

const MAX_TITLE = 200;
const MAX_NOTES = 2000;

function pendingText(stage: UploadStage | null): string {
  if (!stage) return 'Starting upload...';
  return stage.stage === 'uploading' ? `Uploading... ${stage.percent}%` : 'Checking and recording...';
}

/** Before the records page has answered, the file goes as the browser types it and the server answers for it. */
const unchecked = (file: File) => ({ ok: true as const, contentType: file.type });

function UploadForm({ categories, limits, supersedes, onDone, onBusyChange }: {
  categories: CategoryOption[];
  limits: UploadLimits | null;
  supersedes: VaultRecord | null;
  onDone: (record: VaultRecord) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const fileId = useId();
  const categoryId = useId();
  const { trigger, isMutating } = useUploadRecord();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const uploadCategories = categories.filter((c) => c.upload);
  const [category, setCategory] = useState(supersedes && uploadCategories.some((c) => c.id === supersedes.category) ? supersedes.category : '');
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [title, setTitle] = useState(supersedes?.title ?? '');
  const [titleEdited, setTitleEdited] = useState(Boolean(supersedes));
  const [notes, setNotes] = useState('');
  const [stage, setStage] = useState<UploadStage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFailure(null);
    setFile(chosen);
    if (!chosen) return setFileError(null);
    const checked = limits ? checkUploadFile(chosen, limits) : unchecked(chosen);
    setFileError(checked.ok ? null : checked.error);
    if (!titleEdited) setTitle(defaultTitle(chosen.name).slice(0, MAX_TITLE));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) return setFileError('Choose a file to upload.');
    const checked = limits ? checkUploadFile(file, limits) : unchecked(file);
    if (!checked.ok) return setFileError(checked.error);
    if (!category) return setCategoryError('Choose a category.');
    onBusyChange(true);
    setStage(null);
    try {
      const record = await trigger({
        file,
        fileName: file.name,
        contentType: checked.contentType,
        size: file.size,
        category,
        title: title.trim(),
        notes: notes.trim(),
        supersedes: supersedes?.id ?? null,
        tooLarge: limits?.tooLarge,
        onProgress: setStage,
      });
      toast.success('Uploaded to your vault', { description: record.title });
      onDone(record);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The file could not be uploaded. Please try again.');
    } finally {
      onBusyChange(false);
      setStage(null);
    }
  };

  const percent = stage?.stage === 'uploading' ? stage.percent : stage?.stage === 'recording' ? 100 : 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {supersedes ? (
        <p className="flex gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-800 ring-1 ring-brand-100 ring-inset">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            This upload supersedes “{supersedes.title}”. The earlier record stays in the vault, marked as superseded.
          </span>
        </p>
      ) : null}
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-gray-900">File</label>
        <input
          id={fileId}
          type="file"
          accept={limits ? acceptOf(limits) : undefined}
          onChange={choose}
          disabled={isMutating}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${fileId}-note`}
          className={cn(
            'mt-1.5 block w-full cursor-pointer rounded-lg border border-dashed border-gray-300 bg-gray-50 p-2 text-sm text-gray-700 hover:border-brand-400',
            'file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 file:shadow-sm file:ring-1 file:ring-gray-300 file:ring-inset',
            fileError && 'border-red-400',
          )}
        />
        <p id={`${fileId}-note`} className={cn('mt-1.5 text-xs', fileError ? 'text-red-600' : 'text-gray-500')}>
          {fileError ?? (file ? `${file.name} · ${formatBytes(file.size)}` : (limits?.hint ?? null))}
        </p>
      </div>
      <div>
        <label htmlFor={categoryId} className="block text-sm font-medium text-gray-900">Category</label>
        <select
          id={categoryId}
          className={cn(inputClasses, 'mt-1.5', categoryError && 'ring-red-400')}
          value={category}
          disabled={isMutating}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? `${categoryId}-error` : undefined}
          onChange={(event) => {
            setCategory(event.target.value);
            setCategoryError(null);
          }}
        >
          <option value="">Choose a category</option>
          {uploadCategories.map((option) => (
            <option key={option.id} value={option.id}>{option.label}</option>
          ))}
        </select>
        {categoryError ? <p id={`${categoryId}-error`} className="mt-1.5 text-xs text-red-600">{categoryError}</p> : null}
      </div>
      <Field
        label="Title"
        value={title}
        maxLength={MAX_TITLE}
        disabled={isMutating}
        hint="How the record is listed. Leave it as the file's name, or describe the version."
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleEdited(true);
        }}
      />
      <TextareaField
        label="Notes (optional)"
        rows={3}
        value={notes}
        maxLength={MAX_NOTES}
        disabled={isMutating}
        aside={`${notes.length} / ${MAX_NOTES}`}
        hint="Kept with the record; like the file, they can never be edited."
        onChange={(event) => setNotes(event.target.value)}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      {isMutating ? (
        <progress
          aria-label="Upload progress"
          max={100}
          value={percent}
          className="block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-gray-100 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]"
        />
      ) : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-gray-500 sm:mr-auto" aria-live="polite">{isMutating ? pendingText(stage) : ''}</p>
        <Button type="submit" disabled={isMutating}>
          {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FileUp className="size-4" aria-hidden />}
          {isMutating ? pendingText(stage) : 'Upload'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Upload': a document into the vault (straight to storage, then checked, hashed and recorded
 * by the server). Opened from a record's 'Upload a newer version', it supersedes that record.
 */
export function UploadDialog({ open, onOpenChange, categories, limits, supersedes, onUploaded }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: CategoryOption[];
  /** The server's upload limits (null until the records page has answered). */
  limits: UploadLimits | null;
  supersedes: VaultRecord | null;
  onUploaded: (record: VaultRecord) => void;
}) {
  const [busy, setBusy] = useState(false);
  // A fresh form each time the dialog opens.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((n) => n + 1);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={supersedes ? 'Upload a newer version' : 'Upload to your vault'}
      description="The file is hashed (SHA-256) and kept as it is: it can never be edited or deleted, only superseded by a newer upload."
    >
      <UploadForm
        key={session}
        categories={categories}
        limits={limits}
        supersedes={supersedes}
        onBusyChange={setBusy}
        onDone={(record) => {
          onOpenChange(false);
          onUploaded(record);
        }}
      />
    </Dialog>
  );
}

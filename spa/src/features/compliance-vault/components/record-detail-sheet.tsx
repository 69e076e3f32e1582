import { AlertTriangle, Download, FilePlus2, History, Link2, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { fetchFileLink } from '../api/file-link';
import { useVaultRecord } from '../api/record';
import { actorLabel, fileTypeLabel, formatBytes, metaFacts, previewKind, recordTitle } from '../format';
import type { VaultFile, VaultRecord } from '../types';
import { CopyButton } from './copy-button';
import { FilePreview } from './file-preview';
import { kindStyle } from './kind-style';

const GENESIS = '0'.repeat(64);

function Section({ title, children, id }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold text-gray-900">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** A full hash, wrapped, with a copy button. */
function Hash({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex items-start gap-1">
      <code className="min-w-0 flex-1 font-mono text-xs leading-5 break-all text-gray-800">{value}</code>
      <CopyButton value={value} label={label} className="-mt-1" />
    </div>
  );
}

function FileRow({ recordId, index, file }: { recordId: string; index: number; file: VaultFile }) {
  const [opening, setOpening] = useState(false);
  const download = async () => {
    setOpening(true);
    try {
      const { url } = await fetchFileLink(recordId, index);
      // An attachment: the browser downloads it and stays on the page.
      window.location.assign(url);
    } catch (failure) {
      toast.error('Could not download the file', { description: failure instanceof ApiError ? failure.message : undefined });
    } finally {
      setOpening(false);
    }
  };
  return (
    <li className="px-4 py-3">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-11 shrink-0 items-center justify-center rounded-md bg-gray-100 text-xs font-semibold text-gray-600">{fileTypeLabel(file)}</span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-gray-900">{file.name}</p>
          <p className="text-xs text-gray-500">{formatBytes(file.size)}</p>
        </div>
        <Button variant="secondary" size="sm" disabled={opening} onClick={() => void download()} aria-label={`Download ${file.name}`}>
          {opening ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
          {opening ? 'Preparing...' : 'Download'}
        </Button>
      </div>
      <div className="mt-2 rounded-lg bg-gray-50 px-3 py-2">
        <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">SHA-256</p>
        <Hash value={file.sha256} label={`Copy the SHA-256 of ${file.name}`} />
      </div>
    </li>
  );
}

function Preview({ record }: { record: VaultRecord }) {
  const previewable = record.files.map((file, index) => ({ file, index })).filter(({ file }) => previewKind(file) !== 'none');
  const [chosen, setChosen] = useState(previewable[0]?.index ?? 0);
  const current = record.files[chosen] ? chosen : 0;
  const file = record.files[current];
  if (!file) return null;
  return (
    <Section title="Preview" id="record-preview-heading">
      {previewable.length > 1 ? (
        <div role="group" aria-label="File to preview" className="mb-3 inline-flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1">
          {previewable.map(({ file: option, index }) => (
            <button
              key={index}
              type="button"
              aria-pressed={index === current}
              onClick={() => setChosen(index)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium transition-colors',
                index === current ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-900/5' : 'text-gray-600 hover:text-gray-900',
              )}
            >
              {option.name}
            </button>
          ))}
        </div>
      ) : null}
      <FilePreview key={`${record.id}-${current}`} recordId={record.id} index={current} file={file} />
    </Section>
  );
}

function Detail({ record, hrefFor, onSupersede }: { record: VaultRecord; hrefFor: (id: string) => string; onSupersede: (record: VaultRecord) => void }) {
  const { icon: Icon, tone, chip } = kindStyle(record.kind);
  const facts = metaFacts(record.meta);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="border-b border-gray-200 px-5 pt-6 pb-5 sm:px-6">
        <div className="flex items-start gap-3 pr-8">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full ring-1 ring-inset', chip)}>
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            {/* The sheet's own title (a heading for screen readers) names the record; this is its visible twin. */}
            <p aria-hidden className="text-lg font-semibold break-words text-gray-900">{recordTitle(record)}</p>
            <p className="mt-0.5 text-sm text-gray-500">
              Record #{record.seq} · <time dateTime={record.created_at}>{formatDateTime(record.created_at)}</time> · {actorLabel(record.actor)}
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-1.5">
          <Badge tone={tone}>{record.kind_label}</Badge>
          <Badge tone="gray" className="bg-white">{record.category_label}</Badge>
          {record.superseded_by ? (
            <Badge tone="amber">
              <History className="size-3" aria-hidden /> Superseded
            </Badge>
          ) : null}
        </div>
        {record.superseded_by ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            A newer upload superseded this record. It stays in the vault as it was.{' '}
            <Link to={hrefFor(record.superseded_by)} className="font-semibold underline">Open the newer record</Link>
          </p>
        ) : null}
        {record.supersedes ? (
          <p className="mt-3 text-sm text-gray-600">
            <Link2 className="mr-1 inline size-4 align-[-3px] text-gray-400" aria-hidden />
            Supersedes <Link to={hrefFor(record.supersedes)} className="font-medium text-brand-700 underline">an earlier record</Link>.
          </p>
        ) : null}
      </header>

      <div className="flex-1 space-y-7 overflow-y-auto px-5 py-5 sm:px-6">
        {record.files.length ? <Preview record={record} /> : null}

        <Section title={record.files.length === 1 ? 'File' : 'Files'} id="record-files-heading">
          {record.files.length ? (
            <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
              {record.files.map((file, index) => (
                <FileRow key={`${file.name}-${index}`} recordId={record.id} index={index} file={file} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-500">This record keeps no file.</p>
          )}
        </Section>

        <Section title="Details" id="record-details-heading">
          <dl className="divide-y divide-gray-100 rounded-xl border border-gray-200 text-sm">
            {[
              ['Kind', record.kind_label],
              ['Category', record.category_label],
              ['Recorded', formatDateTime(record.created_at)],
              ['Recorded by', actorLabel(record.actor)],
              ...(recordTitle(record) !== record.title ? [['Title as filed', record.title]] : []),
              ...(record.notes ? [['Notes', record.notes]] : []),
              ...facts,
            ].map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-3 sm:gap-3">
                <dt className="text-gray-500">{label}</dt>
                <dd className="break-words whitespace-pre-line text-gray-900 sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section title="Integrity" id="record-integrity-heading">
          <dl className="space-y-3 rounded-xl border border-gray-200 p-4 text-sm">
            <div>
              <dt className="text-xs font-medium text-gray-500">Chain position</dt>
              <dd className="mt-0.5 font-medium text-gray-900">#{record.seq}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-500">Record hash (SHA-256)</dt>
              <dd className="mt-0.5"><Hash value={record.hash} label="Copy the record hash" /></dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-500">Previous record's hash</dt>
              <dd className="mt-0.5">
                {record.prev_hash === GENESIS ? (
                  <span className="text-gray-600">None: this is the first record of the chain (64 zeros).</span>
                ) : (
                  <Hash value={record.prev_hash} label="Copy the previous record's hash" />
                )}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-gray-500">
            The record hash covers every detail above, each file's SHA-256 and the previous record's hash, so a change anywhere breaks the chain from that point.
          </p>
        </Section>
      </div>

      {record.kind === 'upload' && !record.superseded_by ? (
        <footer className="flex justify-end border-t border-gray-200 px-5 py-4 sm:px-6">
          <Button variant="secondary" onClick={() => onSupersede(record)}>
            <FilePlus2 className="size-4" aria-hidden /> Upload a newer version
          </Button>
        </footer>
      ) : null}
    </div>
  );
}

/** One record in full, in a side sheet opened from the list (or a link to `?record=`). */
export function RecordDetailSheet({ recordId, listed, hrefFor, onClose, onSupersede }: {
  recordId: string | null;
  /** The record as the list has it, shown while the full record loads. */
  listed?: VaultRecord;
  hrefFor: (id: string) => string;
  onClose: () => void;
  onSupersede: (record: VaultRecord) => void;
}) {
  const { data: record, error } = useVaultRecord(recordId, listed);
  return (
    <Sheet
      open={recordId !== null}
      onOpenChange={(open) => !open && onClose()}
      side="right"
      title={record ? recordTitle(record) : 'Vault record'}
      description="The record's files, details and hashes"
      className="w-full max-w-2xl"
    >
      {record && record.id === recordId ? (
        <Detail key={record.id} record={record} hrefFor={hrefFor} onSupersede={onSupersede} />
      ) : error ? (
        <div className="p-6 pr-12">
          <p role="alert" className="flex items-start gap-2 text-sm text-gray-700">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            {error instanceof ApiError && error.status === 404 ? 'This record was not found in your vault.' : 'The record could not be loaded. Please try again.'}
          </p>
        </div>
      ) : (
        <div role="status" aria-label="Loading the record" className="space-y-4 p-6">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-80 w-full rounded-xl" />
        </div>
      )}
    </Sheet>
  );
}

import { FileArchive, Loader2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useVaultRecords } from '../api/records';
import { useStartExport } from '../api/start-export';
import { recordTitle } from '../format';
import type { RecordFilters } from '../types';

const UPLOADS: RecordFilters = { kind: 'upload', category: null, from: null, to: null, q: null };

function ExportForm({ onDone }: { onDone: () => void }) {
  const { data, error, size, setSize, isLoading } = useVaultRecords(UPLOADS);
  const { trigger, isMutating } = useStartExport();
  const uploads = useMemo(() => data?.flatMap((page) => page.records) ?? [], [data]);
  const last = data?.[data.length - 1];
  const hasMore = last ? last.next !== null : false;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  // Current uploads are ticked at first; superseded versions are left to the founder.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const ticked = chosen ?? new Set(uploads.filter((record) => !record.superseded_by).map((record) => record.id));
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = (id: string) => {
    const next = new Set(ticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const start = async () => {
    setFailure(null);
    try {
      const { url } = await trigger({ include: [...ticked] });
      // The pack is streamed as it is written: the browser's own download takes it from here.
      window.location.assign(url);
      toast.success('Your exhibit pack is downloading');
      onDone();
    } catch (problem) {
      setFailure(problem instanceof ApiError ? problem.message : 'The pack could not be prepared. Please try again.');
    }
  };

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">Uploads to include</legend>
        {error && !data ? (
          <p className="mt-2 text-sm text-red-600">Your uploads could not be loaded. Close this dialog and try again.</p>
        ) : isLoading ? (
          <div role="status" aria-label="Loading your uploads" className="mt-2 space-y-2">
            <Skeleton className="h-12 rounded-lg" />
            <Skeleton className="h-12 rounded-lg" />
          </div>
        ) : uploads.length === 0 ? (
          <p className="mt-2 rounded-lg bg-gray-50 px-3 py-3 text-sm text-gray-600">
            You have no uploads yet. The pack holds your testing-the-waters records.
          </p>
        ) : (
          <>
            <div className="mt-1 mb-2 flex gap-3 text-sm">
              <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setChosen(new Set(uploads.map((r) => r.id)))}>
                Select all
              </button>
              <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setChosen(new Set())}>
                Select none
              </button>
            </div>
            <ul className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-xl border border-gray-200">
              {uploads.map((record) => (
                <li key={record.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-gray-50">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
                      checked={ticked.has(record.id)}
                      onChange={() => toggle(record.id)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium break-words text-gray-900">{recordTitle(record)}</span>
                      <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500">
                        {record.category_label} · {formatDate(record.created_at)}
                        {record.superseded_by ? <Badge tone="amber">Superseded</Badge> : null}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {hasMore ? (
              <Button variant="ghost" size="sm" className="mt-2" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
                {loadingMore ? 'Loading...' : 'Show more uploads'}
              </Button>
            ) : null}
          </>
        )}
      </fieldset>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-gray-500 sm:mr-auto">
          {ticked.size === 0 ? 'No uploads chosen' : `${ticked.size} ${ticked.size === 1 ? 'upload' : 'uploads'} chosen`}
        </p>
        <Button onClick={() => void start()} disabled={isMutating || (isLoading && !data)}>
          {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FileArchive className="size-4" aria-hidden />}
          {isMutating ? 'Preparing pack...' : 'Download pack'}
        </Button>
      </div>
    </div>
  );
}

/** 'Export exhibit pack': a ZIP for the Form C filing, with the uploads the founder ticks. */
export function ExportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Export exhibit pack"
      description={
        <>
          A ZIP to file with your Form C. Testing-the-waters material is always included (every form snapshot, campaign e-mail and legend), with
          manifest.csv, manifest.json, the whole hash chain and a README on checking the hashes. Add the uploads you want filed too.
        </>
      }
    >
      {open ? <ExportForm onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

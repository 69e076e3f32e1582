import { AlertTriangle, Info, Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useApplyImport } from '../api/apply-import';
import { useReadImport } from '../api/read-import';
import { changesSummary, counted, importLabel, importSummary, investmentCount, problemText } from '../format';
import { completeMapping, mappingProblems, withColumn } from '../mapping';
import { confirmedChoices, type Choices } from '../suggestions';
import type { ImportJob, Mapping, MappingField, Preview } from '../types';
import { ColumnMapping } from './column-mapping';
import { MatchSuggestions } from './match-suggestions';
import { SampleRows } from './sample-rows';
import { WorkProgress } from './work-progress';

const CARD = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** What the founder is changing and has not seen read yet (or cannot be read: a needed column is missing). */
type Draft = { mapping: Mapping; gmailDots: boolean };

function Problems({ preview }: { preview: Preview }) {
  const id = useId();
  if (preview.problemCount === 0) return null;
  const more = preview.problemCount - preview.problems.length;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200 ring-inset sm:p-4">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {`${counted(preview.problemCount, 'row')} can't be read`}
      </h3>
      <p className="mt-1 text-xs text-amber-900">They are left out of the import. Fix them in the file and upload it again to include them.</p>
      <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto text-sm text-amber-950">
        {preview.problems.map((problem, index) => (
          <li key={`${problem.line}-${index}`} className="flex gap-2">
            <span className="shrink-0 font-medium tabular-nums">{`Line ${problem.line}`}</span>
            <span className="min-w-0 break-words">{problemText(problem)}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2 text-xs text-amber-900">{`…and ${counted(more, 'more row', 'more rows')}.`}</p> : null}
    </section>
  );
}

/**
 * Step 2: the preview of a read file — the column mapping and Gmail option (each change reads
 * the file again), the figures, what changes against the portal's last import, the first rows,
 * the rows that can't be read, the investors to confirm — and 'Import N investments'.
 * While a re-read runs (`job.status` is `reading`) the mapping stays, disabled, above its progress.
 */
export function ImportReview({ job }: { job: ImportJob & { preview: Preview } }) {
  const preview = job.preview;
  const reading = job.status === 'reading';
  const read = useReadImport(job.id);
  const apply = useApplyImport(job.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sent, setSent] = useState(false);
  const [choices, setChoices] = useState<Choices>({});

  const shown: Draft = draft ?? { mapping: preview.mapping, gmailDots: preview.gmailDots };
  const problems = mappingProblems(shown.mapping);
  const busy = reading || read.isMutating || apply.isMutating;

  // Once the file has been read with what was sent, the server's preview shows it.
  useEffect(() => {
    if (sent && !read.isMutating && job.status === 'ready') {
      setDraft(null);
      setSent(false);
    }
  }, [sent, read.isMutating, job.status]);

  const change = async (next: Draft) => {
    setDraft(next);
    if (mappingProblems(next.mapping).length) return;
    setSent(true);
    try {
      await read.trigger({ mapping: completeMapping(next.mapping), gmailDots: next.gmailDots });
    } catch (error) {
      console.error('import re-read failed', error);
      toast.error(messageOf(error, 'The file could not be read again. Please try again.'));
      setDraft(null);
      setSent(false);
    }
  };

  const runApply = async () => {
    try {
      await apply.trigger({ confirmed: confirmedChoices(preview.suggestions, choices) });
    } catch (error) {
      console.error('import apply failed', error);
      toast.error(messageOf(error, 'The investments could not be imported. Please try again.'));
    }
  };

  const total = investmentCount(preview.counts);
  const changes = changesSummary(preview.changes);
  const unsent = draft !== null && !sent;

  return (
    <div className="space-y-6">
      <ColumnMapping
        headers={preview.headers}
        mapping={shown.mapping}
        gmailDots={shown.gmailDots}
        problems={problems}
        disabled={busy}
        onColumn={(key: MappingField, header) => void change({ ...shown, mapping: withColumn(shown.mapping, key, header, preview.headers) })}
        onGmailDots={(gmailDots) => void change({ ...shown, gmailDots })}
      />

      {reading ? (
        <WorkProgress job={job} />
      ) : (
        <>
          <section aria-labelledby="import-preview-heading" aria-busy={read.isMutating || undefined} className={CARD}>
            <h2 id="import-preview-heading" className="text-base font-semibold text-gray-900">Preview</h2>
            <p className="mt-1 text-xs text-gray-500">{`${job.fileName} · ${job.portalLabel} · ${counted(preview.rows, 'row')}`}</p>
            <p className="mt-3 text-sm font-medium text-gray-900 tabular-nums">{importSummary(preview.counts)}</p>
            {changes ? (
              <p className="mt-3 flex gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{changes}</span>
              </p>
            ) : null}
            <Problems preview={preview} />
            <h3 className="mt-6 mb-1 text-sm font-semibold text-gray-900">{preview.sample.length ? `The first ${counted(preview.sample.length, 'row')}` : 'Rows'}</h3>
            <SampleRows rows={preview.sample} />
          </section>

          <MatchSuggestions
            suggestions={preview.suggestions}
            total={Math.max(preview.counts.suggested, preview.suggestions.length)}
            choices={choices}
            disabled={busy}
            onChoose={(identity, leadId) =>
              setChoices((current) => {
                const next = { ...current };
                if (leadId) next[identity] = leadId;
                else delete next[identity];
                return next;
              })
            }
          />

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
            <p className="text-xs text-gray-500 sm:mr-auto" aria-live="polite">
              {apply.isMutating
                ? 'Starting the import...'
                : unsent || problems.length
                  ? 'Choose the missing columns first.'
                  : total === 0
                    ? 'Nothing to import: no row of this file could be read.'
                    : 'Your leads change only when you import.'}
            </p>
            <Button onClick={() => void runApply()} disabled={busy || unsent || problems.length > 0 || total === 0}>
              {apply.isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              {apply.isMutating ? 'Importing...' : importLabel(total)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

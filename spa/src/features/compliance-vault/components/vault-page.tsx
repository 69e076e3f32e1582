import { AlertTriangle, ChartNoAxesColumn, FileCode2, Flag, Lock, Mail, Scale, SearchX, ShieldCheck, Upload } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { refreshRecord } from '../api/record';
import { useVaultRecords } from '../api/records';
import { useVerifyVault } from '../api/verify-vault';
import { FILTER_KEYS, hasFilters, readFilters } from '../filters';
import type { RecordFilters, VaultRecord } from '../types';
import { ExportDialog } from './export-dialog';
import { IntegrityPanel, verifyProblem, type VerifyOutcome } from './integrity-panel';
import { RecordDetailSheet } from './record-detail-sheet';
import { RecordsList, RecordsSkeleton } from './records-list';
import { RecordsToolbar } from './records-toolbar';
import { UploadDialog } from './upload-dialog';
import { VaultUpgradePrompt } from './vault-upgrade-prompt';
import { withParam } from '@/lib/search-params';
import { isProRequired } from '@/lib/api-client';

const AUTOMATIC: { icon: typeof Flag; text: string }[] = [
  { icon: FileCode2, text: 'Every form you publish, exactly as investors see it' },
  { icon: Mail, text: 'Every campaign you send, with its audience' },
  { icon: Scale, text: 'Each version of the testing-the-waters legend' },
  { icon: Flag, text: 'Every change of your offering’s status' },
  { icon: ChartNoAxesColumn, text: 'A daily digest of leads captured per form (counts only)' },
];

function EmptyVault({ action }: { action: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center sm:py-14">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShieldCheck className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-gray-900">Your vault is empty so far</h2>
      <p className="mx-auto mt-1.5 max-w-lg text-sm text-gray-600">
        RaiseSpark records what investors see automatically, from the moment it happens. Nothing needs doing on your side:
      </p>
      <ul className="mx-auto mt-5 grid max-w-2xl gap-2 text-left text-sm text-gray-700 sm:grid-cols-2">
        {AUTOMATIC.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5 rounded-xl bg-gray-50 px-3 py-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-5 max-w-lg text-sm text-gray-600">
        <Lock className="mr-1.5 inline size-4 align-[-3px] text-gray-400" aria-hidden />
        Nothing in the vault can be edited or deleted; an upload can only be superseded by a newer one.
      </p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

/**
 * /compliance-vault: the founder's tamper-evident records (Pro), filterable and searchable,
 * each opening in a side sheet (`?record=`); 'Verify integrity', 'Export exhibit pack' and
 * 'Upload'. Another plan gets an upgrade prompt (402), never an error.
 */
export function VaultPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const recordId = params.get('record');
  const { data, error, size, setSize, isValidating, mutate } = useVaultRecords(filters);
  const verify = useVerifyVault();
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const [uploading, setUploading] = useState<{ supersedes: VaultRecord | null } | null>(null);
  const [exporting, setExporting] = useState(false);

  const records = useMemo(() => data?.flatMap((page) => page.records) ?? [], [data]);
  const first = data?.[0];
  const last = data?.[data.length - 1];
  const hasMore = last ? last.next !== null : false;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  const filtered = hasFilters(filters);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(withParam(key, value), { replace: key === 'q' }),
    [setParams],
  );
  const clearFilters = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      FILTER_KEYS.forEach((key) => next.delete(key));
      return next;
    });
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('record', id);
    return `?${next.toString()}`;
  };

  const runVerify = async () => {
    setOutcome(null);
    try {
      setOutcome({ report: await verify.trigger() });
    } catch (problem) {
      setOutcome({ problem: verifyProblem(problem) });
    }
  };

  const uploadButton = (
    <Button onClick={() => setUploading({ supersedes: null })}>
      <Upload className="size-4" aria-hidden /> Upload
    </Button>
  );

  const header = (actions?: ReactNode) => (
    <PageHeader
      title="Compliance Vault"
      description="Tamper-evident records of everything investors saw during your raise, kept automatically."
      actions={actions}
    />
  );

  if (isProRequired(error)) {
    return (
      <>
        {header()}
        <VaultUpgradePrompt message={error.message} />
      </>
    );
  }

  let body: ReactNode;
  if (error && !data) {
    body = (
      <EmptyState icon={AlertTriangle} title="Your vault could not be loaded" action={<Button variant="secondary" onClick={() => void mutate()}>Try again</Button>}>
        Something went wrong while reading your records. Check your connection and try again.
      </EmptyState>
    );
  } else if (!data) {
    body = <RecordsSkeleton />;
  } else if (records.length === 0 && filtered) {
    body = (
      <EmptyState icon={SearchX} title="No records match your filters" action={<Button variant="secondary" onClick={clearFilters}>Clear filters</Button>}>
        Try another search, kind, category or date range.
      </EmptyState>
    );
  } else if (records.length === 0) {
    body = <EmptyVault action={uploadButton} />;
  } else {
    body = <RecordsList records={records} hrefFor={(record) => hrefFor(record.id)} hasMore={hasMore} loadingMore={loadingMore} onLoadMore={() => void setSize(size + 1)} />;
  }

  const total = first?.total ?? 0;
  const showChrome = Boolean(data) && (total > 0 || filtered);

  return (
    <>
      {header(uploadButton)}
      {showChrome ? (
        <>
          <IntegrityPanel total={total} verifying={verify.isMutating} outcome={outcome} hrefFor={hrefFor} onVerify={() => void runVerify()} onExport={() => setExporting(true)} />
          <RecordsToolbar
            filters={filters}
            kinds={first?.kinds ?? []}
            categories={first?.categories ?? []}
            busy={isValidating}
            onChange={(key: keyof RecordFilters, value) => setParam(key, value)}
            onClear={clearFilters}
          />
        </>
      ) : null}
      {body}
      <RecordDetailSheet
        recordId={recordId}
        listed={records.find((record) => record.id === recordId)}
        hrefFor={hrefFor}
        onClose={() => setParam('record', null)}
        onSupersede={(record) => {
          setParam('record', null);
          setUploading({ supersedes: record });
        }}
      />
      <UploadDialog
        open={uploading !== null}
        onOpenChange={(open) => !open && setUploading(null)}
        categories={first?.categories ?? []}
        limits={first?.upload ?? null}
        supersedes={uploading?.supersedes ?? null}
        onUploaded={(record) => {
          setOutcome(null);
          void mutate();
          if (record.supersedes) void refreshRecord(record.supersedes);
        }}
      />
      <ExportDialog open={exporting} onOpenChange={setExporting} />
    </>
  );
}

import { History, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { actorLabel, recordTitle, shortHash } from '../format';
import type { VaultRecord } from '../types';
import { CopyButton } from './copy-button';
import { kindStyle } from './kind-style';

function RecordRow({ record, href }: { record: VaultRecord; href: string }) {
  const { icon: Icon, tone, chip } = kindStyle(record.kind);
  const superseded = Boolean(record.superseded_by);
  return (
    <li className="relative flex gap-3 px-4 py-4 transition-colors hover:bg-gray-50/80 sm:gap-4 sm:px-5">
      <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset', chip)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={href}
            className={cn(
              'min-w-0 font-medium break-words text-gray-900 after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:rounded-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600 focus-visible:after:ring-inset',
              superseded && 'text-gray-600',
            )}
          >
            {recordTitle(record)}
          </Link>
          {superseded ? (
            <Badge tone="amber" className="relative">
              <History className="size-3" aria-hidden /> Superseded
            </Badge>
          ) : null}
        </div>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <Badge tone={tone}>{record.kind_label}</Badge>
          <Badge tone="gray" className="bg-white">{record.category_label}</Badge>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500">
          <time dateTime={record.created_at}>{formatDateTime(record.created_at)}</time>
          <span aria-hidden>·</span>
          <span>{actorLabel(record.actor)}</span>
          <span aria-hidden>·</span>
          <span>Record #{record.seq}</span>
        </p>
        <p className="mt-1 flex items-center gap-1 text-xs text-gray-500 sm:hidden">
          SHA-256 <code className="font-mono text-gray-700">{shortHash(record.content_sha256, 16)}</code>
          <CopyButton value={record.content_sha256} label={`Copy the SHA-256 of ${recordTitle(record)}`} className="-my-1" />
        </p>
      </div>
      <div className="hidden shrink-0 items-start gap-0.5 self-center sm:flex">
        <span className="text-right">
          <span className="block text-xs font-medium tracking-wide text-gray-500 uppercase">SHA-256</span>
          <code className="block font-mono text-xs text-gray-700">{shortHash(record.content_sha256)}</code>
        </span>
        <CopyButton value={record.content_sha256} label={`Copy the SHA-256 of ${recordTitle(record)}`} className="mt-1.5" />
      </div>
    </li>
  );
}

/** The vault's records, newest first, each opening its detail. */
export function RecordsList({ records, hrefFor, hasMore, loadingMore, onLoadMore }: {
  records: VaultRecord[];
  hrefFor: (record: VaultRecord) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <ul aria-label="Vault records" className="divide-y divide-gray-100">
        {records.map((record) => (
          <RecordRow key={record.id} record={record} href={hrefFor(record)} />
        ))}
      </ul>
      {hasMore ? (
        <div className="border-t border-gray-100 px-4 py-3 text-center">
          <Button variant="secondary" size="sm" disabled={loadingMore} onClick={onLoadMore}>
            {loadingMore ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {loadingMore ? 'Loading...' : 'Show older records'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export function RecordsSkeleton() {
  return (
    <div role="status" aria-label="Loading records" className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-4 px-5 py-4">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2.5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-40 rounded-full" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
          <Skeleton className="hidden h-8 w-28 self-center sm:block" />
        </div>
      ))}
    </div>
  );
}

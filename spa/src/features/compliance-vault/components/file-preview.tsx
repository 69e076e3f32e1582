import { FileText } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreviewLink } from '../api/file-link';
import { previewKind } from '../format';
import type { VaultFile } from '../types';

const FRAME = 'block h-[26rem] w-full rounded-xl border border-gray-200 bg-white sm:h-[32rem]';

/**
 * A file as it is kept, shown from a short-lived inline link: HTML snapshots and text in a
 * frame sandboxed without any permission (no scripts, no forms, its own origin), PDFs in a
 * frame (the browser's viewer does not run in a sandbox), PNG and JPEG as images.
 */
export function FilePreview({ recordId, index, file }: { recordId: string; index: number; file: VaultFile }) {
  const kind = previewKind(file);
  const { data: link, error } = usePreviewLink(kind === 'none' ? null : recordId, kind === 'none' ? null : index);

  if (kind === 'none') {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-gray-50 px-6 py-10 text-center">
        <FileText className="size-6 text-gray-400" aria-hidden />
        <p className="mt-2 text-sm text-gray-600">This type of file cannot be previewed here. Download it to open it.</p>
      </div>
    );
  }
  if (error) {
    return <Alert className="rounded-xl">The preview could not be loaded. Try again, or download the file.</Alert>;
  }
  if (!link) return <Skeleton className="h-[26rem] w-full rounded-xl sm:h-[32rem]" />;

  const title = `Preview of ${file.name}`;
  switch (kind) {
    case 'image':
      return (
        <div className="flex justify-center rounded-xl border border-gray-200 bg-gray-50 p-3">
          <img src={link.url} alt={title} className="max-h-[32rem] max-w-full rounded-md object-contain shadow-sm" />
        </div>
      );
    case 'pdf':
      return <iframe key={link.url} src={link.url} title={title} className={FRAME} />;
    default:
      return <iframe key={link.url} src={link.url} title={title} sandbox="" referrerPolicy="no-referrer" className={FRAME} />;
  }
}

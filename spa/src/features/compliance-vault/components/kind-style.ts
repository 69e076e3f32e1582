import { ChartNoAxesColumn, ClipboardCheck, FileCode2, FileSpreadsheet, Flag, Mail, Paperclip, Scale, type LucideIcon } from 'lucide-react';
import type { BadgeTone } from '@/components/ui/badge';
import type { RecordKind } from '../types';

/** Each kind of record's icon and colours, the same in the list and the detail. */
export const KIND_STYLES: Record<RecordKind, { icon: LucideIcon; tone: BadgeTone; chip: string }> = {
  form_snapshot: { icon: FileCode2, tone: 'brand', chip: 'bg-brand-50 text-brand-600 ring-brand-100' },
  campaign: { icon: Mail, tone: 'sky', chip: 'bg-sky-50 text-sky-600 ring-sky-100' },
  legend: { icon: Scale, tone: 'gray', chip: 'bg-gray-100 text-gray-600 ring-gray-200' },
  offering: { icon: Flag, tone: 'amber', chip: 'bg-amber-50 text-amber-600 ring-amber-100' },
  digest: { icon: ChartNoAxesColumn, tone: 'green', chip: 'bg-emerald-50 text-emerald-600 ring-emerald-100' },
  upload: { icon: Paperclip, tone: 'gray', chip: 'bg-violet-50 text-violet-600 ring-violet-100' },
  review: { icon: ClipboardCheck, tone: 'green', chip: 'bg-teal-50 text-teal-700 ring-teal-100' },
  import: { icon: FileSpreadsheet, tone: 'green', chip: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
};

export const kindStyle = (kind: string) => KIND_STYLES[kind as RecordKind] ?? KIND_STYLES.upload;

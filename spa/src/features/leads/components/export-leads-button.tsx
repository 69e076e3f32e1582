import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { exportLeads } from '../api/export-leads';

/** Downloads the leads as CSV: every lead, or one form's when the page is filtered by it. */
export function ExportLeadsButton({ formId, disabled }: { formId: string | null; disabled?: boolean }) {
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    setExporting(true);
    try {
      await exportLeads(formId);
    } catch (error) {
      console.error('lead export failed', error);
      toast.error('Failed to export leads');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void run()} disabled={exporting || disabled} aria-busy={exporting || undefined}>
      {exporting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
      Export CSV
    </Button>
  );
}

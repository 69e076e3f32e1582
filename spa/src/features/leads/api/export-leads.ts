import { apiFile } from '@/lib/api-client';

/** The leads as CSV (all of them, or one form's), saved through the browser's download. */
export async function exportLeads(formId: string | null) {
  const { blob, filename } = await apiFile(`/leads/export${formId ? `?formId=${encodeURIComponent(formId)}` : ''}`, 'text/csv');
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? 'leads.csv';
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

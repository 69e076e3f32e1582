import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useProfile } from '../api/profile';
import { useLogo } from '../api/logo';

/**
 * Settings → Brand: the logo every investor form shows above its headline. The server checks
 * the file (its bytes, not its name), scales it and keeps it as a PNG; this page only sends it
 * and shows the result, or the server's reason for refusing it.
 */
export function LogoSettings() {
  const { data: profile, isLoading, error } = useProfile();
  const { upload, remove, busy } = useLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const logo = profile?.logo ?? null;

  if (isLoading) return <Skeleton className="h-28" />;
  if (error && !profile) return <p className="text-sm text-red-600">Your logo could not be loaded. Please refresh the page.</p>;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    try {
      await upload(file);
      toast.success('Logo updated', { description: 'Every form shows it from now on.' });
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'Your logo could not be uploaded. Please try again.';
      setProblem(message);
      toast.error('Logo not updated', { description: message });
    }
  };

  const takeOff = async () => {
    setProblem(null);
    try {
      await remove();
      toast.success('Logo removed');
    } catch (failure) {
      toast.error('Logo not removed', { description: failure instanceof ApiError ? failure.message : 'Please try again.' });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-full items-center justify-center rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 ring-inset sm:w-64" aria-live="polite">
          {logo ? (
            <img src={logo.url} alt="Your logo" width={Math.round(logo.width / 2)} height={Math.round(logo.height / 2)} className="max-h-12 w-auto max-w-full object-contain" />
          ) : (
            <p className="text-center text-sm text-gray-500">No logo yet: forms show your company name.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <input
            ref={input}
            id="logo-file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            // The button below opens it: one stop for the keyboard, one name for screen readers.
            tabIndex={-1}
            aria-label="Logo file"
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => void choose(event)}
            disabled={busy}
          />
          <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <ImageUp className="size-4" aria-hidden />}
            {logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logo ? (
            <Button type="button" variant="secondary" onClick={() => void takeOff()} disabled={busy}>
              <Trash2 className="size-4" aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-gray-500">
        PNG, JPEG or WebP, up to 2 MB. A wide logo on a transparent background looks best; we scale it to fit 240 × 48 px and keep it sharp on high-resolution screens.
      </p>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

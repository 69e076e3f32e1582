import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the entry bundle: sonner is loaded on first use (and by the lazy
 * `Toaster`), so the dashboard's first render does not wait for it. The API mirrors
 * sonner's `toast.success(...)` etc.; the id is chosen here so it can be returned at once
 * (e.g. to turn 'Preparing checkout...' into an error later). Toasts created before the
 * `Toaster` subscribed are replayed by sonner when it mounts.
 */
type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading' | 'message';
export type ToastOptions = Pick<ExternalToast, 'id' | 'description' | 'duration'>;

let nextId = 0;

function show(kind: Kind, message: string, options: ToastOptions = {}): string | number {
  const id = options.id ?? `toast-${++nextId}`;
  void import('sonner')
    .then(({ toast }) => toast[kind](message, { ...options, id }))
    .catch((error: unknown) => console.error('toast failed to load', message, error));
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  message: (message: string, options?: ToastOptions) => show('message', message, options),
};

import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takePendingToast } from '@/lib/pending-toast';

/**
 * Spec 9, toast settings: app-level limit 1, auto-close 5000 ms, hotkey F8. Sonner's swipe
 * threshold is a fixed 45 px (not an option of its Toaster), the nearest it offers to the
 * spec's 50. Loaded on demand (see app/provider.tsx), so sonner is not in the entry bundle.
 */
export const TOAST_SETTINGS = { visibleToasts: 1, duration: 5_000, hotkey: ['F8'] } as const;

/**
 * Sonner's rich colours put text at about 4.3:1 (warning 3.1:1) on its tinted backgrounds;
 * darker text keeps every toast at WCAG AA (4.5:1 or more).
 */
const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 38%)',
  '--warning-text': 'hsl(31, 92%, 32%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties;

export default function Toaster() {
  // A toast shown just before the previous page of this tab was replaced (lib/pending-toast).
  useEffect(() => {
    const pending = takePendingToast();
    if (pending) toast[pending.kind](pending.message);
  }, []);
  return (
    <Sonner
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      duration={TOAST_SETTINGS.duration}
      hotkey={[...TOAST_SETTINGS.hotkey]}
      richColors
      closeButton
      style={READABLE_COLOURS}
    />
  );
}

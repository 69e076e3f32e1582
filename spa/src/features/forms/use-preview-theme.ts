import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { themePath, useFormTheme } from './api/get-form-theme';
import type { Form, Styling, Theme } from './types';

/**
 * The theme of the editor's live preview, always the server's: the saved form's while the
 * colours are the saved ones, else `GET /api/forms/theme` for the draft colours (asked once
 * typing has paused), keeping the last answer while the next is on its way or while a colour
 * is not hex. `problem` is the server's message for such a colour.
 */
export function usePreviewTheme(styling: Styling, saved: Form): { theme: Theme; problem: string | null } {
  const path = useDebouncedValue(themePath(styling), 300);
  const unsaved = path !== themePath(saved.styling);
  const { data, error } = useFormTheme(unsaved ? path : null);
  const [lastAnswer, setLastAnswer] = useState<Theme | null>(null);
  if (data && data !== lastAnswer) setLastAnswer(data);
  if (!unsaved) return { theme: saved.theme, problem: null };
  return { theme: data ?? lastAnswer ?? saved.theme, problem: error instanceof Error ? error.message : null };
}

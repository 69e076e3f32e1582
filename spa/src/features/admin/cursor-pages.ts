import { useState } from 'react';

/**
 * Cursor pages walked forwards and back: the cursors of the pages visited so far (the
 * first page has none). The last one is the page shown.
 */
export type CursorTrail = readonly (string | null)[];

export const FIRST_PAGE: CursorTrail = [null];

export function forward(trail: CursorTrail, nextCursor: string | null): CursorTrail {
  return nextCursor ? [...trail, nextCursor] : trail;
}

export function back(trail: CursorTrail): CursorTrail {
  return trail.length > 1 ? trail.slice(0, -1) : trail;
}

/** The page cursor for a listing; back on the first page whenever `resetKey` changes. */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; trail: CursorTrail }>({ key: resetKey, trail: FIRST_PAGE });
  const trail = state.key === resetKey ? state.trail : FIRST_PAGE;
  return {
    cursor: trail[trail.length - 1] ?? null,
    page: trail.length,
    next: (nextCursor: string | null) => setState({ key: resetKey, trail: forward(trail, nextCursor) }),
    previous: () => setState({ key: resetKey, trail: back(trail) }),
  };
}

import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '@/lib/cookies';
import { useIsMobile } from '@/lib/use-is-mobile';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Expanded by default; the choice is kept in a cookie for 7 days. Ctrl/Cmd+B toggles. */
export function useSidebarState() {
  const mobile = useIsMobile();
  const [expanded, setExpandedState] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    setExpandedState(value);
    writeCookie(SIDEBAR_COOKIE, String(value), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggle = useCallback(() => {
    if (mobile) setMobileOpen((open) => !open);
    else setExpanded(!expanded);
  }, [mobile, expanded, setExpanded]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { mobile, expanded, setExpanded, mobileOpen, setMobileOpen, toggle };
}

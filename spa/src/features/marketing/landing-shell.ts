import { useLayoutEffect } from 'react';

/**
 * On '/', index.html paints a static copy of the header and hero before any JavaScript runs
 * (public/marketing/landing-shell.js sets the flag that shows it and hides #root). Once the
 * real landing page is in the DOM it takes over, in the same frame, before paint.
 */
export const LANDING_SHELL_ID = 'landing-shell';
export const LANDING_SHELL_FLAG = 'data-landing-shell';
/** Set when the static menu button was tapped before the app loaded. */
export const LANDING_SHELL_MENU_FLAG = 'data-landing-shell-menu';

export function useLandingShellHandoff() {
  useLayoutEffect(() => {
    const html = document.documentElement;
    document.getElementById(LANDING_SHELL_ID)?.remove();
    html.removeAttribute(LANDING_SHELL_FLAG);
    if (html.hasAttribute(LANDING_SHELL_MENU_FLAG)) {
      html.removeAttribute(LANDING_SHELL_MENU_FLAG);
      document.querySelector<HTMLButtonElement>('#root header button[aria-label="Open menu"]')?.click();
    }
  }, []);
}

/**
 * A deep link (/#pricing, or a section link from another page) arrives before the lazily
 * loaded sections exist; call this where they mount to go to the section.
 */
export function useScrollToHashOnMount() {
  useLayoutEffect(() => {
    const id = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : '';
    if (id) document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
  }, []);
}

/** Which chrome a path gets (spec section 2, layout rules). Pure, so it is unit-tested. */

const APP_SHELL_ROOTS = [
  'dashboard',
  'forms',
  'leads',
  'settings',
  'campaigns',
  'compliance-vault',
  'raise-capital',
  'admin',
  'pricing',
  'earn-rewards',
  'reviews',
];

/**
 * Paths where the signed-in sidebar shows. The spec lists every app-shell path but
 * compliance-vault and pricing; Compliance is a sidebar menu item, so leaving it would hide
 * the menu the user just used — it keeps the sidebar. Pricing stays a focused page.
 */
const SIDEBAR_ROOTS = [
  'dashboard',
  'forms',
  'leads',
  'settings',
  'campaigns',
  'compliance-vault',
  'raise-capital',
  'admin',
  'earn-rewards',
  'reviews',
];

/** Routes that render a form on its own: no site header. */
const FORM_ROOTS = ['form-view', 'form-preview', 'embed-options'];

/** Public pages where the assistant widget never shows. */
const NO_ASSISTANT_PATHS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/privacy',
  '/terms',
  '/contact-us',
  '/test-the-waters',
  '/equity-crowdfunding-costs',
];

function rootSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export function usesAppShell(pathname: string): boolean {
  return APP_SHELL_ROOTS.includes(rootSegment(pathname));
}

export function showsSidebar(pathname: string): boolean {
  return SIDEBAR_ROOTS.includes(rootSegment(pathname));
}

export function isFormRoute(pathname: string): boolean {
  return FORM_ROOTS.includes(rootSegment(pathname));
}

/** Sign-in pages: a card of their own, no site header ('Forgot password?' belongs to sign-in). */
const AUTH_PAGES = ['/login', '/register', '/forgot-password'];

export function showsPublicHeader(pathname: string, signedIn: boolean): boolean {
  if (AUTH_PAGES.includes(pathname) || isFormRoute(pathname)) return false;
  // Signed in too: pricing (spec) and the Help Center (issue 24: a public page like the others,
  // with the logo, and the way back to the app in its user menu).
  if (['pricing', 'help'].includes(rootSegment(pathname))) return true;
  if (usesAppShell(pathname)) return false;
  return !signedIn || pathname === '/';
}

/** Room below every page Sparky's floating button floats over (index.css, `sparky-room`). */
export const ASSISTANT_CLEARANCE = 'sparky-room';

export function showsAssistant(pathname: string, signedIn: boolean): boolean {
  return signedIn && !NO_ASSISTANT_PATHS.includes(normalise(pathname)) && !isFormRoute(pathname);
}

/** Signed-in users of RaiseSpark never see investor widgets embedded elsewhere, except on `/`. */
export function removesInvestorWidgets(pathname: string, signedIn: boolean): boolean {
  return signedIn && normalise(pathname) !== '/';
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

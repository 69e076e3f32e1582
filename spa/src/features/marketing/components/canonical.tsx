/** The public page's canonical address on the production origin (hoisted into <head> by React). */
export const SITE_ORIGIN = 'https://raisespark.com';

export function Canonical({ path }: { path: string }) {
  return <link rel="canonical" href={`${SITE_ORIGIN}${path}`} />;
}

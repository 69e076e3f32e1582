import { cn } from '@/lib/utils';

/** The eyebrow, heading and lead that open every landing-page section. */
export function SectionIntro({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  tone = 'light',
}: {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className={cn('text-sm font-semibold tracking-wide uppercase', dark ? 'text-brand-100' : 'text-brand-600')}>{eyebrow}</p>
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', dark ? 'text-white' : 'text-gray-900')}>
        {title}
      </h2>
      {lead ? <p className={cn('mt-4 text-lg text-pretty', dark ? 'text-brand-50' : 'text-gray-600')}>{lead}</p> : null}
    </div>
  );
}

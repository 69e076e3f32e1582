import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark, BrandName } from '@/components/ui/brand';
import { cn } from '@/lib/utils';

/**
 * The centred card of the sign-in and registration pages (no site header there). Pages
 * under the site header (/auth/callback) leave out the brand above the card.
 */
export function AuthLayout({ title, subtitle, children, footer, brand = true }: {
  title: string;
  subtitle: string;
  children?: ReactNode;
  footer?: ReactNode;
  brand?: boolean;
}) {
  return (
    <main
      className={cn(
        'flex flex-1 flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12',
        brand ? 'min-h-dvh' : 'min-h-[calc(100dvh-4rem)]',
      )}
    >
      <title>{`${title} | RaiseSpark`}</title>
      {brand ? (
        <Link to="/" className="mb-8 flex items-center gap-2.5" aria-label="RaiseSpark home">
          <BrandMark />
          <BrandName />
        </Link>
      ) : null}
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-1.5 text-sm text-gray-600">{subtitle}</p>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
      {footer ? <div className="mt-6 text-sm text-gray-600">{footer}</div> : null}
    </main>
  );
}

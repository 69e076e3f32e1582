import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';

/** A public content page: title block, body, footer. Sets the document title. */
export function PublicPage({ title, eyebrow, lead, children }: {
  title: string;
  eyebrow?: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <title>{`${title} | RaiseSpark`}</title>
      <main className="flex-1">
        <section className="border-b border-gray-100 bg-gradient-to-b from-brand-50/70 to-white">
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
            {eyebrow ? <p className="text-sm font-semibold text-brand-600">{eyebrow}</p> : null}
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
            {lead ? <p className="mt-4 text-lg text-gray-600">{lead}</p> : null}
          </div>
        </section>
        {children ? <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">{children}</div> : null}
      </main>
      <PublicFooter />
    </>
  );
}

import type { ReactNode } from 'react';

/** The heading block every signed-in page starts with; also sets the document title. */
export function PageHeader({
  title,
  heading,
  description,
  actions,
}: {
  /** The page's name, used in the document title ('Dashboard | RaiseSpark'). */
  title: string;
  /** The visible heading when it differs from the title. */
  heading?: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} | RaiseSpark`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{heading ?? title}</h1>
        {description ? <p className="mt-1.5 text-sm text-gray-600 sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}

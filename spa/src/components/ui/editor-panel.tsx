import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled card of an editor page (form editor, campaign editor); `aside` sits at the top right. */
export function EditorPanel({ title, description, icon: Icon, aside, children }: {
  title: string;
  description?: string;
  icon?: LucideIcon;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
            {Icon ? <Icon className="size-4.5 text-brand-600" aria-hidden /> : null}
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-gray-600">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

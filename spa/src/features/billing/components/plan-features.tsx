import { Check } from 'lucide-react';

/** A plan's feature list, as the pricing page and the landing page show it. */
export function PlanFeatures({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={className ?? 'mt-6 space-y-3 text-sm text-gray-700'}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-3">
          <Check className="size-5 shrink-0 text-emerald-600" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}

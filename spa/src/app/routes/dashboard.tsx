import { Eye, MousePointerClick, Percent, Users } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { greeting } from '@/features/auth/attribution';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { useState } from 'react';
import { TrialUpsellBanner } from '@/features/billing/components/trial-upsell-banner';
import { FormsList } from '@/features/forms/components/forms-list';

const STATS = [
  { label: 'Total Views', icon: Eye },
  { label: 'Total Leads', icon: Users },
  { label: 'Conversion Rate', icon: Percent },
  { label: 'Estimated Clicks', icon: MousePointerClick },
];

/** The signed-in home. Loaded eagerly: it is where every session lands. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [showArchived, setShowArchived] = useState(false);
  return (
    <>
      <PageHeader title="Dashboard" heading={greeting(new Date(), displayName(user))} description="Manage your investor forms and leads" />
      <TrialUpsellBanner />
      <section aria-label="Statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STATS.map(({ label, icon: Icon }) => (
          <div key={label} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-gray-600">{label}</p>
              <Icon className="size-5 text-brand-500" aria-hidden />
            </div>
            <p className="mt-3 text-2xl font-semibold text-gray-300">—</p>
          </div>
        ))}
      </section>
      <div className="mt-10">
        <FormsList archived={showArchived} onArchivedChange={setShowArchived} />
      </div>
    </>
  );
}

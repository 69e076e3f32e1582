import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { greeting } from '@/features/auth/attribution';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { useForms } from '@/features/forms/api/get-forms';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeadStats, useRecentLeads } from '@/features/leads/api/leads';
import { useProfile } from '@/features/profiles/api/profile';

/** Shows after 5 s at the earliest (spec 4): it need not be in the first download. */
const TrialUpsellBanner = lazy(() =>
  import('@/features/billing/components/trial-upsell-banner').then((module) => ({ default: module.TrialUpsellBanner })),
);

/**
 * The data panels load beside the first render, in one chunk. Their data is requested by the
 * page itself at once (SWR shares each request with the panel), so the code adds no
 * waterfall: until the data is in, the panels would show skeletons anyway.
 */
const panels = () => import('./dashboard-panels');
const FormsList = lazy(() => panels().then((module) => ({ default: module.FormsList })));
const ProfileHeader = lazy(() => panels().then((module) => ({ default: module.ProfileHeader })));
const LeadStatCards = lazy(() => panels().then((module) => ({ default: module.LeadStatCards })));
const RecentLeads = lazy(() => panels().then((module) => ({ default: module.RecentLeads })));
const AchievementBadges = lazy(() => panels().then((module) => ({ default: module.AchievementBadges })));
const insights = () => import('./dashboard-insights');
const LeadTrends = lazy(() => insights().then((module) => ({ default: module.DashboardLeadTrends })));
const Insights = lazy(() => insights().then((module) => ({ default: module.DashboardInsights })));

function TopPanelsSkeleton() {
  return (
    <div role="status" aria-label="Loading your figures">
      <Skeleton className="mb-6 h-24 rounded-2xl" />
      <div className="mb-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

function DashboardFooter() {
  return (
    <footer className="mt-16 flex flex-col items-center justify-between gap-3 border-t border-gray-200 pt-6 text-sm text-gray-500 sm:flex-row">
      <p>© {new Date().getFullYear()} RaiseSpark. All rights reserved.</p>
      <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/privacy" className="hover:text-gray-900">Privacy Policy</Link>
        <Link to="/terms" className="hover:text-gray-900">Terms of Service</Link>
        <Link to="/contact-us" className="hover:text-gray-900">Contact us</Link>
      </nav>
    </footer>
  );
}

/** The signed-in home. Loaded eagerly: it is where every session lands. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [showArchived, setShowArchived] = useState(false);
  const { data: stats, isLoading: statsLoading } = useLeadStats();
  useRecentLeads();
  useProfile();
  useForms();

  return (
    <>
      <PageHeader title="Dashboard" heading={greeting(new Date(), displayName(user))} description="Manage your investor forms and leads" />
      <Suspense fallback={null}>
        <TrialUpsellBanner />
      </Suspense>
      <Suspense fallback={<TopPanelsSkeleton />}>
        <ProfileHeader estimatedInterest={stats?.estimatedInterest} />
        <LeadStatCards stats={stats} loading={statsLoading} />
      </Suspense>
      <Suspense fallback={null}>
        <LeadTrends />
      </Suspense>
      <Suspense fallback={<Skeleton className="h-56 rounded-2xl" />}>
        <FormsList archived={showArchived} onArchivedChange={setShowArchived} />
      </Suspense>
      <Suspense fallback={<Skeleton className="mt-10 h-72 rounded-2xl" />}>
        <RecentLeads />
        <AchievementBadges stats={stats} loading={statsLoading} />
      </Suspense>
      <Suspense fallback={<Skeleton className="mt-10 h-80 rounded-2xl" />}>
        <Insights />
      </Suspense>
      <DashboardFooter />
    </>
  );
}

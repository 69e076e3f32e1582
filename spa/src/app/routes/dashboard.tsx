import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { greeting } from '@/features/auth/attribution';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { TrialUpsellBanner } from '@/features/billing/components/trial-upsell-banner';
import { FormsList } from '@/features/forms/components/forms-list';
import { useLeadStats } from '@/features/leads/api/leads';
import { AchievementBadges } from '@/features/leads/components/achievement-badges';
import { LeadStatCards } from '@/features/leads/components/lead-stats';
import { RecentLeads } from '@/features/leads/components/recent-leads';
import { ProfileHeader } from '@/features/profiles/components/profile-header';

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

  return (
    <>
      <PageHeader title="Dashboard" heading={greeting(new Date(), displayName(user))} description="Manage your investor forms and leads" />
      <TrialUpsellBanner />
      <ProfileHeader estimatedInterest={stats?.estimatedInterest} />
      <LeadStatCards stats={stats} loading={statsLoading} />
      <FormsList archived={showArchived} onArchivedChange={setShowArchived} />
      <RecentLeads />
      <AchievementBadges stats={stats} loading={statsLoading} />
      <DashboardFooter />
    </>
  );
}

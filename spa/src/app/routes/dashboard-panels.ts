/**
 * The dashboard's data panels, one chunk loaded beside the first render (see dashboard.tsx):
 * each shows a skeleton until its data is in, and the data is requested by the page at once.
 */
export { FormsList } from '@/features/forms/components/forms-list';
export { AchievementBadges } from '@/features/leads/components/achievement-badges';
export { LeadStatCards } from '@/features/leads/components/lead-stats';
export { RecentLeads } from '@/features/leads/components/recent-leads';
export { ProfileHeader } from '@/features/profiles/components/profile-header';

import useSWR from 'swr';
import { useAuth } from '@/features/auth/auth-context';
import { useUserKey } from '@/features/auth/use-user-key';
import { useActiveCompany } from '@/lib/active-company';
import { api, shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher, userKey } from '@/lib/user-cache';

export type Role = 'owner' | 'admin' | 'member' | 'counsel' | 'viewer';

/** What the server's role matrix lets the caller do (`domain::teams::Action`). */
export type Permission =
  | 'read'
  | 'export'
  | 'edit_forms'
  | 'edit_leads'
  | 'draft_campaigns'
  | 'send_campaigns'
  | 'change_offering'
  | 'file_documents'
  | 'approve'
  | 'manage_company'
  | 'manage_team'
  | 'billing'
  | 'transfer_ownership'
  | 'delete_company'
  | 'investments';

export type CompanyMembership = { id: string; name: string; role: Role; permissions: Permission[] };

export type TeamMember = { user_id: string; email: string; role: Role; joined_at: string; you: boolean };
export type Invitation = { id: string; email: string; role: Role; created_at: string; expires_at: string };

export type Team = {
  company: { id: string; name: string; review_required: boolean };
  role: Role;
  permissions: Permission[];
  roles: { role: Role; summary: string }[];
  members: TeamMember[];
  invitations: Invitation[];
  seats: { used: number; included: number };
};

export const COMPANIES_PATH = '/teams';
export const TEAM_PATH = '/teams/current';

/**
 * `GET /api/teams`: the caller's companies for the switcher. Keyed by the user alone (not the
 * active company): the list is the same whichever company is active.
 */
export function useCompanies() {
  const { user } = useAuth();
  return useSWR<{ companies: CompanyMembership[] }>(userKey(COMPANIES_PATH, user?.id), userFetcher, { revalidateOnFocus: true, shouldRetryOnError: shouldRetry });
}

/**
 * What the caller's role allows in the active company (undefined while the list loads). The
 * SPA hides what a role cannot do; the server decides.
 */
export function usePermissions(): Permission[] | undefined {
  const { user } = useAuth();
  const active = useActiveCompany();
  const { data } = useCompanies();
  if (!data || !user) return undefined;
  const company = data.companies.find((c) => c.id === (active ?? user.id)) ?? data.companies[0];
  return company?.permissions ?? [];
}

/** `GET /api/teams/current`: the active company, its team and seats. */
export function useTeam() {
  return useSWR<Team>(useUserKey(TEAM_PATH), userFetcher, { revalidateOnFocus: true, shouldRetryOnError: shouldRetry });
}

const replaceTeam = (team: Team) => mutateUserKey(TEAM_PATH, team, { revalidate: false });

export const teamActions = {
  invite: async (email: string, role: Role) => {
    const invitation = await api<Invitation>(`${TEAM_PATH}/invitations`, { method: 'POST', body: { email, role } });
    await mutateUserKey(TEAM_PATH);
    return invitation;
  },
  revoke: async (id: string) => {
    await api<void>(`${TEAM_PATH}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
    await mutateUserKey(TEAM_PATH);
  },
  changeRole: async (userId: string, role: Role) => replaceTeam(await api<Team>(`${TEAM_PATH}/members/${encodeURIComponent(userId)}`, { method: 'PUT', body: { role } })),
  remove: async (userId: string) => replaceTeam(await api<Team>(`${TEAM_PATH}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' })),
  transfer: async (userId: string) => replaceTeam(await api<Team>(`${TEAM_PATH}/transfer`, { method: 'POST', body: { user_id: userId } })),
  rename: async (name: string) => replaceTeam(await api<Team>(TEAM_PATH, { method: 'PATCH', body: { name } })),
  setReviewRequired: async (required: boolean) => replaceTeam(await api<Team>(TEAM_PATH, { method: 'PATCH', body: { review_required: required } })),
  leave: () => api<void>(`${TEAM_PATH}/leave`, { method: 'POST' }),
};

export type InvitationLink = { company_id: string; invite_id: string; token: string };
export type InvitationOffer = { company_name: string; role: Role; role_summary: string; email: string; expires_at: string };

export const lookupInvitation = (link: InvitationLink) => api<InvitationOffer>('/teams/invitations/lookup', { method: 'POST', body: link, retryOnExpiredToken: false });
export const acceptInvitation = (link: InvitationLink) => api<CompanyMembership>('/teams/invitations/accept', { method: 'POST', body: link });

import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { useEffect } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { setActiveCompany, useActiveCompany } from '@/lib/active-company';
import { useAuth } from '@/features/auth/auth-context';
import { cn } from '@/lib/utils';
import { useCompanies, type CompanyMembership } from '../api/teams';

export const ROLE_LABELS: Record<CompanyMembership['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  counsel: 'Counsel',
  viewer: 'Viewer',
};

/**
 * The company the founder acts for, in the sidebar. With one company it only names it; with
 * several (an advisor, counsel serving many issuers) it switches, and every page re-reads
 * its data for the company chosen (the cache is keyed by company).
 */
export function CompanySwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { user } = useAuth();
  const active = useActiveCompany();
  const { data } = useCompanies();
  const companies = data?.companies ?? [];
  // A company the user has left or been removed from: back to their own.
  const stale = Boolean(data && active && !data.companies.some((company) => company.id === active));
  useEffect(() => {
    if (stale) setActiveCompany(null);
  }, [stale]);
  if (!user || companies.length === 0) return null;
  // Without a choice the server acts for the user's own company, else the first they joined.
  const current = companies.find((company) => company.id === (active ?? user.id)) ?? companies[0]!;
  const label = (
    <span className="flex min-w-0 items-center gap-2.5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Building2 className="size-4" aria-hidden />
      </span>
      {collapsed ? null : (
        <span className="min-w-0 text-left">
          <span className="block truncate text-sm font-semibold text-gray-900">{current.name}</span>
          <span className="block text-xs text-gray-500">{ROLE_LABELS[current.role]}</span>
        </span>
      )}
    </span>
  );
  if (companies.length === 1) {
    return <div className="px-3 py-2" data-testid="company-switcher">{label}</div>;
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="company-switcher"
        aria-label={`Company: ${current.name}. Switch company`}
        className="flex w-full items-center justify-between gap-2 rounded-xl px-3 py-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {label}
        {collapsed ? null : <ChevronsUpDown className="size-4 shrink-0 text-gray-400" aria-hidden />}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-64">
        <DropdownMenuLabel>Your companies</DropdownMenuLabel>
        {companies.map((company) => (
          <DropdownMenuItem key={company.id} onSelect={() => setActiveCompany(company.id === user.id ? null : company.id)}>
            <span className="flex w-full items-center justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-medium">{company.name}</span>
                <span className="block text-xs text-gray-500">{ROLE_LABELS[company.role]}</span>
              </span>
              <Check className={cn('size-4 text-brand-600', company.id === current.id ? 'visible' : 'invisible')} aria-hidden />
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { acceptInvitation, COMPANIES_PATH, lookupInvitation, type InvitationLink, type InvitationOffer } from '@/features/teams/api/teams';
import { ROLE_LABELS } from '@/features/teams/components/company-switcher';
import { setActiveCompany } from '@/lib/active-company';
import { mutate } from 'swr';
import { userKey } from '@/lib/user-cache';
import { AuthLayout } from './auth-layout';

/**
 * `/invite?company=…&invite=…&token=…`, the link of an invitation e-mail: says who invited
 * you to what, then signs you in (or up) with the invited address and joins. The server
 * decides everything: a dead link, another address, a second use.
 */
export default function InvitePage() {
  const [params] = useSearchParams();
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const link: InvitationLink = { company_id: params.get('company') ?? '', invite_id: params.get('invite') ?? '', token: params.get('token') ?? '' };
  const [offer, setOffer] = useState<InvitationOffer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    lookupInvitation(link).then(setOffer, (err: unknown) => setError(err instanceof Error ? err.message : 'This invitation link is no longer valid.'));
    // Once: the link's parts never change on this page.
  }, []);

  const join = async () => {
    setJoining(true);
    setError(null);
    try {
      const company = await acceptInvitation(link);
      // The switcher's list first (keyed by the user alone), then act for the company joined.
      await mutate(userKey(COMPANIES_PATH, user?.id));
      setActiveCompany(company.id);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The invitation could not be accepted.');
      setJoining(false);
    }
  };

  const here = `${location.pathname}${location.search}`;
  if (!offer) {
    return (
      <AuthLayout brand={false} title="Team invitation" subtitle={error ? 'This link cannot be used.' : 'Reading your invitation...'}>
        {error ? <Alert>{error}</Alert> : <Loader2 className="mx-auto size-6 animate-spin text-brand-600" aria-label="Loading" />}
      </AuthLayout>
    );
  }
  const wrongAccount = user && user.email.toLowerCase() !== offer.email.toLowerCase();
  return (
    <AuthLayout brand={false} title={`Join ${offer.company_name}`} subtitle={`You are invited as ${ROLE_LABELS[offer.role].toLowerCase()}: ${offer.role_summary.charAt(0).toLowerCase()}${offer.role_summary.slice(1)}`}>
      <div className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-gray-600">
          The invitation is for <span className="font-medium text-gray-900">{offer.email}</span>.
        </p>
        {loading ? null : !user ? (
          <div className="grid gap-2">
            <Link to="/login" state={{ from: here }} className={buttonClasses('primary', 'md', 'w-full justify-center')}>
              Sign in to accept
            </Link>
            <Link to="/register" state={{ from: here }} className={buttonClasses('secondary', 'md', 'w-full justify-center')}>
              Create an account
            </Link>
            <p className="text-xs text-gray-500">Use {offer.email}. A new account is confirmed by e-mail first; then open this link again.</p>
          </div>
        ) : wrongAccount ? (
          <Alert tone="info">You are signed in as {user.email}. Sign out and sign in with {offer.email} to accept.</Alert>
        ) : (
          <Button className="w-full justify-center" disabled={joining} onClick={join}>
            {joining ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {joining ? 'Joining...' : `Join ${offer.company_name}`}
          </Button>
        )}
      </div>
    </AuthLayout>
  );
}

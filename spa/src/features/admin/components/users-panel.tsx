import { AlertTriangle, SearchX, UserRoundCog, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/utils';
import { useAdminUsers } from '../api/users';
import { useCursorPages } from '../cursor-pages';
import { ImpersonateDialog } from './impersonate-dialog';
import { Pager } from '@/components/ui/pager';
import { UsersList, UsersSkeleton } from './users-list';
import { withParam } from '@/lib/search-params';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** 'Impersonate by e-mail': for an account the list does not show yet. */
function ImpersonateByEmail({ onSubmit }: { onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!looksLikeEmail(value)) {
      setError("Enter the user's e-mail address.");
      return;
    }
    setError(null);
    onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate className="min-w-0 lg:w-96">
      <label htmlFor="impersonate-email" className="mb-1.5 block text-xs font-medium text-gray-700">Impersonate by e-mail</label>
      <div className="flex gap-2">
        <input
          id="impersonate-email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="E-mail address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'impersonate-email-error' : undefined}
          className={cn(inputClasses, 'min-w-0 flex-1', error && 'ring-red-400 focus:ring-red-500')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="secondary" className="shrink-0">
          <UserRoundCog className="size-4" aria-hidden /> Impersonate
        </Button>
      </div>
      {error ? <p id="impersonate-email-error" className="mt-1.5 text-xs text-red-600">{error}</p> : null}
    </form>
  );
}

/** Every account, searchable by e-mail prefix or id, 25 a page, each with 'Impersonate'. */
export function UsersPanel() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const pages = useCursorPages(q);
  const { data, error, isValidating, mutate } = useAdminUsers(q, pages.cursor);
  const [target, setTarget] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const impersonate = (email: string) => {
    setTarget(email);
    setDialogOpen(true);
  };

  const setQuery = (value: string) =>
    setParams(withParam('q', value), { replace: true });

  const body = () => {
    if (error && !data) {
      return (
        <EmptyState icon={AlertTriangle} title="The users could not be loaded" action={<Button variant="secondary" onClick={() => void mutate()}>Try again</Button>}>
          Something went wrong while reading the accounts. Check your connection and try again.
        </EmptyState>
      );
    }
    if (!data) return <UsersSkeleton />;
    if (data.users.length === 0) {
      return q ? (
        <EmptyState icon={SearchX} title="No users match your search" action={<Button variant="secondary" onClick={() => setQuery('')}>Clear search</Button>}>
          Search by the start of an e-mail address, or paste an exact user id.
        </EmptyState>
      ) : (
        <EmptyState icon={Users} title="No users yet">Accounts will appear here as founders sign up.</EmptyState>
      );
    }
    return (
      <>
        <UsersList users={data.users} onImpersonate={(user) => impersonate(user.email)} />
        <Pager
          label="Users pages"
          page={pages.page}
          hasNext={Boolean(data.next_cursor)}
          busy={isValidating}
          onPrevious={pages.previous}
          onNext={() => pages.next(data.next_cursor)}
        />
      </>
    );
  };

  return (
    <section aria-labelledby="admin-users-heading">
      <div className="mb-4 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-users-heading" className="text-lg font-semibold text-gray-900">Users</h2>
          <p className="text-sm text-gray-600">Every account on RaiseSpark, newest first.</p>
        </div>
      </div>
      <div className="mb-4 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <p aria-hidden className="mb-1.5 text-xs font-medium text-gray-700">Search users</p>
          <SearchInput
            label="Search users"
            placeholder="E-mail prefix or user id"
            value={q}
            busy={isValidating && Boolean(data)}
            onCommit={setQuery}
          />
        </div>
        <div aria-hidden className="hidden w-px self-stretch bg-gray-200 lg:block" />
        <ImpersonateByEmail onSubmit={impersonate} />
      </div>
      {body()}
      <ImpersonateDialog email={target} open={dialogOpen} onOpenChange={setDialogOpen} />
    </section>
  );
}

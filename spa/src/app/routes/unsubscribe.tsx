import { CheckCircle2, MailX, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ApiError, api } from '@/lib/api-client';

/** `GET|POST /api/campaigns/unsubscribe/{token}`: the link's founder, the masked address, the state. */
type LinkStatus = { company: string; email: string; unsubscribed: boolean; reason: string | null };

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; status: LinkStatus; busy: boolean; error?: string }
  | { kind: 'invalid'; message: string };

const NOT_VALID = 'This unsubscribe link is not valid. Use the link from the e-mail you received.';

/**
 * Where an investor lands from a campaign's unsubscribe link (no sign-in): the link is an
 * HMAC-signed token, so it is enough. Unsubscribing stops every campaign of that company.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const path = `/campaigns/unsubscribe/${encodeURIComponent(token)}`;

  useEffect(() => {
    let live = true;
    api<LinkStatus>(path, { retryOnExpiredToken: false })
      .then((status) => live && setState({ kind: 'ready', status, busy: false }))
      .catch((error: unknown) => live && setState({ kind: 'invalid', message: error instanceof ApiError && error.status === 400 ? error.message : NOT_VALID }));
    return () => {
      live = false;
    };
  }, [path]);

  async function change(action: 'unsubscribe' | 'resubscribe') {
    if (state.kind !== 'ready') return;
    setState({ ...state, busy: true, error: undefined });
    try {
      const status = await api<LinkStatus>(action === 'unsubscribe' ? path : `${path}/resubscribe`, { method: 'POST', retryOnExpiredToken: false });
      setState({ kind: 'ready', status, busy: false });
    } catch (error) {
      setState({ ...state, busy: false, error: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.' });
    }
  }

  return (
    <main className="flex flex-1 items-center justify-center bg-gray-50 px-4 py-16 sm:py-24">
      <title>Unsubscribe | RaiseSpark</title>
      <section aria-labelledby="unsubscribe-heading" className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {state.kind === 'loading' ? (
          <p role="status" className="text-sm text-gray-500">Checking your link…</p>
        ) : state.kind === 'invalid' ? (
          <>
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
              <TriangleAlert className="size-6" aria-hidden />
            </span>
            <h1 id="unsubscribe-heading" className="mt-4 text-xl font-semibold text-gray-900">This link doesn't work</h1>
            <p className="mt-2 text-sm text-gray-600">{state.message}</p>
          </>
        ) : state.status.unsubscribed ? (
          <>
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <CheckCircle2 className="size-6" aria-hidden />
            </span>
            <h1 id="unsubscribe-heading" className="mt-4 text-xl font-semibold text-gray-900">You're unsubscribed</h1>
            <p className="mt-2 text-sm text-gray-600">
              {state.status.email} will get no more campaign e-mails from {state.status.company}.
            </p>
            {state.status.reason === 'unsubscribed' ? (
              <button type="button" className={buttonClasses('secondary', 'md', 'mt-6')} disabled={state.busy} onClick={() => void change('resubscribe')}>
                {state.busy ? 'Resubscribing…' : 'Resubscribe'}
              </button>
            ) : null}
          </>
        ) : (
          <>
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <MailX className="size-6" aria-hidden />
            </span>
            <h1 id="unsubscribe-heading" className="mt-4 text-xl font-semibold text-gray-900">Unsubscribe from {state.status.company}?</h1>
            <p className="mt-2 text-sm text-gray-600">
              {state.status.email} will stop receiving {state.status.company}'s investor updates. You can resubscribe here at any time.
            </p>
            <button type="button" className={buttonClasses('primary', 'md', 'mt-6 w-full sm:w-auto')} disabled={state.busy} onClick={() => void change('unsubscribe')}>
              {state.busy ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
        {state.kind === 'ready' && state.error ? (
          <p role="alert" className="mt-4 text-sm text-red-600">{state.error}</p>
        ) : null}
      </section>
    </main>
  );
}

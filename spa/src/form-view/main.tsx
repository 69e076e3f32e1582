import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { AnswerErrors, InvestorForm, NotAcceptingInterestError } from '@/features/forms/components/investor-form';
import type { BrandLogo, FormDisplay, Palette } from '@/features/forms/types';
import type { OfferingNotice } from '@/features/offering/types';
import type { Answers } from '@/features/forms/validation';
import './form-view.css';

/**
 * The public form view (/form-view/{id}): its own small entry, compiled against
 * preact/compat, rendering the same InvestorForm the editor previews.
 */
type PublicForm = FormDisplay & {
  id: string;
  theme: Palette;
  notice?: OfferingNotice | null;
  logo?: BrandLogo | null;
  version: number;
  offering_stage?: { version?: number };
};

const formId = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const source = new URLSearchParams(location.search).get('source') ?? (document.referrer || undefined);
/** One key per page load: a retry after a network error cannot store the lead twice. */
const idempotencyKey = `fv-${crypto.randomUUID()}`;
/** The form and offering-stage versions shown (`Form-Version: 7.2`): a server instance holding
 * an older copy of the form reads it again. */
let shownVersion = '';

/** Answers that mean "busy, try again" (shed load, a throttled or briefly failing server). */
const BUSY = new Set([429, 500, 502, 503, 504]);
/** Tries after the first when the server is busy; a retry carries the same key. */
const BUSY_RETRIES = 3;

/** How long to wait before retry `attempt` (1, 2, 3): the server's Retry-After, at most 5 s. */
function busyDelay(response: Response, attempt: number) {
  const asked = Number(response.headers.get('Retry-After'));
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, 5) * 1000 : 1000 * 2 ** (attempt - 1);
}

async function submitLead(answers: Answers) {
  const body = JSON.stringify({ answers, source, website: (document.getElementById('rs-website') as HTMLInputElement | null)?.value || undefined });
  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(`/api/public-forms/${encodeURIComponent(formId)}/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey, ...(shownVersion ? { 'Form-Version': shownVersion } : {}) },
        body,
      });
    } catch {
      throw new Error('We could not reach the server. Check your connection.');
    }
    // A busy server is asked again with the same key: the lead is stored once however often.
    if (!BUSY.has(response.status) || attempt === BUSY_RETRIES) break;
    await new Promise((resolve) => setTimeout(resolve, busyDelay(response, attempt + 1)));
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const message = body?.error?.message ?? 'Something went wrong on our side.';
    // The offering left testing the waters since the form was opened.
    if (response.status === 409 && body?.error?.code === 'not_accepting_interest') throw new NotAcceptingInterestError(message);
    // Answers refused: the server's sentence for each field, shown next to it.
    if (response.status === 400 && body?.error?.fields) throw new AnswerErrors(message, body.error.fields);
    throw new Error(message);
  }
}

function FormView() {
  const [form, setForm] = useState<PublicForm | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable' | 'error'>('loading');

  useEffect(() => {
    fetch(`/api/public-forms/${encodeURIComponent(formId)}`)
      .then(async (response) => {
        if (response.status === 404) return setState('unavailable');
        if (!response.ok) return setState('error');
        const data = (await response.json()) as PublicForm;
        setForm(data);
        shownVersion = `${data.version}.${data.offering_stage?.version ?? 0}`;
        const content = data.content_settings.form_content;
        document.title = [content.headline, content.company_name].filter(Boolean).join(' · ') || 'Investor form';
        setState('ready');
        // The embedding page goes with the view, so the founder sees conversion per page.
        void fetch(`/api/public-forms/${encodeURIComponent(formId)}/views`, {
          method: 'POST',
          headers: source ? { 'Content-Type': 'application/json' } : undefined,
          body: source ? JSON.stringify({ source }) : undefined,
        }).catch(() => undefined);
      })
      .catch(() => setState('error'));
  }, []);

  if (state === 'loading') return <p className="fv-status" role="status">Loading the form…</p>;
  if (state === 'unavailable') {
    return (
      <div className="fv-status" role="alert">
        <strong>This form is not available</strong>
        <p>It may have been unpublished. Please check back later.</p>
      </div>
    );
  }
  if (state === 'error' || !form) {
    return (
      <div className="fv-status" role="alert">
        <strong>The form could not be loaded</strong>
        <p>
          Please <button type="button" onClick={() => location.reload()}>try again</button>.
        </p>
      </div>
    );
  }
  return (
    <>
      <InvestorForm form={form} theme={form.theme} notice={form.notice} brandLogo={form.logo} onSubmit={submitLead} />
      <div className="fv-trap" aria-hidden="true">
        <label>
          Leave this field empty
          <input id="rs-website" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
    </>
  );
}

createRoot(document.getElementById('form-root')!).render(<FormView />);

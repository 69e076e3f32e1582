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
const params = new URLSearchParams(location.search);
/** The founder's own preview (embed options): not a visitor, so nothing is counted. */
const preview = params.get('source') === 'preview';
/**
 * Where the visitor came from. Embedded: the page (with its utm_* parameters) and that page's
 * referrer, both passed by embed.js. Opened by its link: the page that linked to it.
 */
const embedded = params.has('source');
const source = embedded ? params.get('source') || undefined : undefined;
const referrer = (embedded ? params.get('ref') : document.referrer) || undefined;
const origin = { source, referrer };
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

/** A funnel count (views, starts, leaves): best effort, never in the investor's way. */
function ping(step: 'views' | 'starts', body: object) {
  void fetch(`/api/public-forms/${encodeURIComponent(formId)}/${step}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** Set once the lead is stored: leaving afterwards is no drop-off. */
let submitted = false;

/**
 * The funnel's other two steps: the first touch of a field counts a start, and leaving after
 * a start without submitting tells which field was touched last (sent as the page is hidden,
 * once). No cookie, nothing about the visitor: a field's id.
 */
function watchFunnel(fieldIds: Set<string>) {
  if (preview) return;
  let last: string | null = null;
  let left = false;
  const touch = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (!name || !fieldIds.has(name)) return;
    if (last === null) ping('starts', origin);
    last = name;
  };
  const leave = () => {
    if (left || submitted || last === null) return;
    left = true;
    const body = new Blob([JSON.stringify({ field: last })], { type: 'application/json' });
    navigator.sendBeacon?.(`/api/public-forms/${encodeURIComponent(formId)}/leaves`, body);
  };
  document.addEventListener('focusin', touch);
  document.addEventListener('input', touch);
  document.addEventListener('change', touch);
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}

async function submitLead(answers: Answers) {
  const body = JSON.stringify({ answers, ...origin, website: (document.getElementById('rs-website') as HTMLInputElement | null)?.value || undefined });
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
  submitted = true;
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
        // Where the visitor came from goes with the view, so the founder sees conversion per source.
        if (!preview) ping('views', origin);
        watchFunnel(new Set(data.fields.map((field) => field.id)));
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

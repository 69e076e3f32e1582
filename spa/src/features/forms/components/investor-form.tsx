import './investor-form.css';
import { useId, useState, type CSSProperties, type FormEvent } from 'react';
import type { BrandLogo, FieldMessages, FormDisplay, FormField, Palette } from '../types';
import type { OfferingNotice } from '@/features/offering/types';
import { fieldError, validateAnswers, type Answers } from '../validation';
import { formatUsd } from '@/lib/format';

/**
 * The form investors see. One component for the editor's live preview, the owner's preview
 * page and the public form view, so what the founder previews is what investors get. It uses
 * nothing but React so the public entry can compile it against preact/compat.
 */
export type InvestorFormProps = {
  form: FormDisplay;
  /**
   * The colours to render, as the server derived them from the form's styling (the `theme` of
   * a form answer, or of `GET /api/forms/theme` for unsaved colours): each one readable.
   */
  theme: Palette;
  /** Submits the answers; resolves on success, rejects with a message to show. */
  onSubmit?: (answers: Answers) => Promise<void>;
  /** Preview: no submission is sent; a note says so. */
  preview?: boolean;
  /**
   * Once the offering has left testing the waters, what investors see instead of the fields
   * (Rule 204: the intermediary and a link to its offering page).
   */
  notice?: OfferingNotice | null;
  /**
   * The founder's uploaded logo (Settings): the public form carries it, previews pass the
   * profile's. A form's own logo URL, if it has one, is shown instead.
   */
  brandLogo?: BrandLogo | null;
  /** By field id, the server's sentences for fields that do not carry their own (previews). */
  messages?: Record<string, FieldMessages>;
};

/**
 * What `onSubmit` rejects with when the form no longer takes indications of interest (the
 * server's 409 `not_accepting_interest`): its message replaces the form, with no retry.
 */
export class NotAcceptingInterestError extends Error {}

/**
 * What `onSubmit` rejects with when the server refused answers (400 `invalid_answer`): its
 * sentence for each field at fault, shown next to the field.
 */
export class AnswerErrors extends Error {
  constructor(message: string, readonly fields: Record<string, string>) {
    super(message);
  }
}

/** The headline investors read when the founder left it blank (the server saves the same). */
const DEFAULT_HEADLINE = 'Register your interest';

/** Text with its https links as links (the server's messages name the offering page). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https:\/\/[^\s]+[^\s.,;:!?)])/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel="noopener noreferrer">{part}</a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Notice({ notice }: { notice: OfferingNotice }) {
  return (
    <section className="rs-notice" aria-labelledby="rs-notice-title">
      <h3 id="rs-notice-title" className="rs-welcome-title">{notice.title}</h3>
      <p className="rs-text">{notice.message}</p>
      {notice.linkUrl && notice.linkLabel ? (
        <a className="rs-button rs-notice-link" href={notice.linkUrl} target="_blank" rel="noopener noreferrer">
          {notice.linkLabel}
          <span className="rs-visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}


const FONT_STACKS: Record<string, string> = {
  Inter: "'Inter Variable', Inter, ui-sans-serif, system-ui, sans-serif",
  'system-ui': 'ui-sans-serif, system-ui, -apple-system, sans-serif',
  Georgia: "Georgia, 'Times New Roman', serif",
  Helvetica: 'Helvetica, Arial, sans-serif',
  Arial: 'Arial, Helvetica, sans-serif',
};

export function fontStack(family: string): string {
  return FONT_STACKS[family] ?? `${family}, ui-sans-serif, system-ui, sans-serif`;
}

function Field({ field, value, error, onChange, onBlur }: {
  field: FormField;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  const common = {
    id,
    name: field.id,
    required: field.required,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    onBlur,
    className: 'rs-input',
  };
  const label = (
    <>
      {field.label}
      {field.required ? <span aria-hidden className="rs-required"> *</span> : null}
    </>
  );
  const errorText = error ? (
    <p id={errorId} className="rs-error">
      <svg aria-hidden viewBox="0 0 16 16" width="14" height="14"><path fill="currentColor" d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" /></svg>
      {error}
    </p>
  ) : null;
  let control;
  switch (field.type) {
    case 'textarea':
      control = <textarea {...common} rows={4} placeholder={field.placeholder} value={value} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'select':
      control = (
        <span className="rs-select">
          <select {...common} value={value} data-empty={value === '' || undefined} onChange={(e) => onChange(e.target.value)}>
            <option value="">{field.placeholder || 'Choose one'}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>{option}</option>
            ))}
          </select>
        </span>
      );
      break;
    case 'radio':
      // A group: the legend names it, each real radio keeps the browser's arrow keys.
      return (
        <fieldset className="rs-field">
          <legend id={`${id}-legend`} className="rs-label">{label}</legend>
          <div className="rs-choices" role="radiogroup" aria-labelledby={`${id}-legend`} aria-describedby={describedBy} aria-required={field.required || undefined} aria-invalid={invalid}>
            {(field.options ?? []).map((option) => (
              <label key={option} className="rs-choice rs-tile">
                <input className="rs-radio" type="radio" name={field.id} value={option} checked={value === option} onChange={() => onChange(option)} onBlur={onBlur} />
                <span>{option}</span>
              </label>
            ))}
          </div>
          {errorText}
        </fieldset>
      );
    case 'checkbox':
      return (
        <div className="rs-field">
          <label className="rs-choice rs-consent">
            <input
              className="rs-checkbox"
              type="checkbox"
              name={field.id}
              required={field.required}
              checked={value === 'yes'}
              onChange={(e) => onChange(e.target.checked ? 'yes' : '')}
              onBlur={onBlur}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
            <span>{label}</span>
          </label>
          {errorText}
        </div>
      );
    default:
      control = (
        <input
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.preset === 'location_city' ? 'address-level2' : field.label.toLowerCase().includes('name') ? 'name' : undefined}
          placeholder={field.placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <div className="rs-field">
      <label htmlFor={id} className="rs-label">{label}</label>
      {control}
      {errorText}
    </div>
  );
}

/** 'https://www.harbor.example/invest' → 'harbor.example'. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function InvestorForm({ form, theme, onSubmit, preview = false, notice = null, messages, brandLogo = null }: InvestorFormProps) {
  const { styling, welcome_settings: welcome, offering_settings: offering } = form;
  const content = form.content_settings.form_content;
  const company = content.company_name.trim();
  const ownLogo = content.logo_url || styling.logoUrl;
  const logo = ownLogo || brandLogo?.url;
  /** The uploaded logo is kept at twice its display size: its box is known before it loads. */
  const logoSize = !ownLogo && brandLogo ? { width: Math.round(brandLogo.width / 2), height: Math.round(brandLogo.height / 2) } : {};
  const headline = content.headline?.trim() || DEFAULT_HEADLINE;
  const submitLabel = content.submit_label?.trim() || 'Submit';
  const thankYouUrl = content.thank_you_url?.startsWith('https://') ? content.thank_you_url : null;
  const [step, setStep] = useState<'welcome' | 'form' | 'done'>(welcome.enabled ? 'welcome' : 'form');
  const [answers, setAnswers] = useState<Answers>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's sentences for answers it refused, until the field is changed. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [closed, setClosed] = useState<string | null>(null);
  const fields = [...form.fields]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((field) => (field.messages || !messages?.[field.id] ? field : { ...field, messages: messages[field.id] }));
  const currentStep = step === 'welcome' && !welcome.enabled ? 'form' : step;

  const vars = {
    '--rs-bg': theme.background,
    '--rs-surface': theme.surface,
    '--rs-text': theme.text,
    '--rs-muted': theme.mutedText,
    '--rs-accent': theme.accent,
    '--rs-border': theme.border,
    '--rs-error': theme.error,
    '--rs-button': theme.button,
    '--rs-button-text': theme.buttonText,
    '--rs-radius': styling.borderRadius,
    colorScheme: theme.colorScheme,
    fontFamily: fontStack(styling.fontFamily),
  } as CSSProperties;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const errors = validateAnswers(fields, answers);
    if (Object.keys(errors).length > 0) {
      const first = fields.find((f) => errors[f.id]);
      if (first) document.getElementsByName(first.id)[0]?.focus();
      return;
    }
    if (preview || !onSubmit) {
      setStep('done');
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await onSubmit(answers);
      setStep('done');
    } catch (error) {
      if (error instanceof NotAcceptingInterestError) setClosed(error.message);
      else if (error instanceof AnswerErrors && Object.keys(error.fields).length > 0) {
        setRefused(error.fields);
        const first = fields.find((f) => error.fields[f.id]);
        if (first) document.getElementsByName(first.id)[0]?.focus();
      } else setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const header = (
    <header className="rs-header">
      {logo || company ? (
        <div className="rs-brand">
          {logo ? <img src={logo} alt={company || 'Company logo'} className="rs-logo" {...logoSize} /> : null}
          {company ? <p className="rs-company" aria-hidden={logo ? true : undefined}>{company}</p> : null}
        </div>
      ) : null}
      <div>
        <h2 className="rs-title">{headline}</h2>
        {form.description ? <p className="rs-description">{form.description}</p> : null}
      </div>
    </header>
  );

  return (
    <div className="rs-form" style={vars} data-preview={preview || undefined}>
      {notice ? (
        <div className="rs-notice-view">
          {header}
          <Notice notice={notice} />
        </div>
      ) : closed ? (
        <div className="rs-notice-view">
          {header}
          <section className="rs-notice" role="alert">
            <h3 className="rs-welcome-title">No longer collecting indications of interest</h3>
            <p className="rs-text"><Linked text={closed} /></p>
          </section>
        </div>
      ) : currentStep === 'welcome' ? (
        <div className="rs-welcome">
          {header}
          <h3 className="rs-welcome-title">{welcome.headline}</h3>
          <p className="rs-text">{welcome.message}</p>
          <button type="button" className="rs-button" onClick={() => setStep('form')}>{welcome.button_text || 'Get started'}</button>
        </div>
      ) : currentStep === 'done' ? (
        <div className="rs-success" role="status">
          {logo ? <img src={logo} alt={company || 'Company logo'} className="rs-logo" {...logoSize} /> : null}
          <span className="rs-success-icon" aria-hidden>
            <svg viewBox="0 0 24 24" width="26" height="26"><path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" /></svg>
          </span>
          <h3 className="rs-welcome-title">Thank you for your interest!</h3>
          <p className="rs-text">
            {preview
              ? 'This is a preview: nothing was sent. Investors see this message after submitting.'
              : `${company || 'The company'} will be in touch. Remember: your indication of interest is not binding and involves no obligation.`}
          </p>
          {thankYouUrl ? (
            <a className="rs-button rs-button-link" href={thankYouUrl} target="_blank" rel="noopener noreferrer">
              Visit {company || hostOf(thankYouUrl)}
              <span className="rs-visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-label={headline}>
          {header}
          {offering.summary || offering.minimum_investment || offering.target_raise || offering.security_type ? (
            <section className="rs-offering" aria-label="Offering summary">
              {offering.summary ? <p className="rs-text">{offering.summary}</p> : null}
              <dl className="rs-facts">
                {offering.target_raise ? (<div><dt>Target raise</dt><dd>{formatUsd(offering.target_raise)}</dd></div>) : null}
                {offering.minimum_investment ? (<div><dt>Minimum investment</dt><dd>{formatUsd(offering.minimum_investment)}</dd></div>) : null}
                {offering.security_type ? (<div><dt>Security</dt><dd>{offering.security_type}</dd></div>) : null}
              </dl>
            </section>
          ) : null}
          <div className="rs-fields">
            {fields.map((field) => (
              <Field
                key={field.id}
                field={field}
                value={answers[field.id] ?? ''}
                error={(submitted || touched[field.id] ? fieldError(field, answers[field.id]) : null) ?? refused[field.id] ?? null}
                onChange={(value) => {
                  setAnswers((current) => ({ ...current, [field.id]: value }));
                  if (refused[field.id]) setRefused(({ [field.id]: _, ...rest }) => rest);
                }}
                onBlur={() => setTouched((current) => ({ ...current, [field.id]: true }))}
              />
            ))}
          </div>
          {failure ? (
            <div role="alert" className="rs-failure">
              {failure} Your answers are still here; try again.
            </div>
          ) : null}
          <p className="rs-legend" data-testid="ttw-legend">{offering.disclaimer}</p>
          <button type="submit" className="rs-button" disabled={sending}>
            {sending ? 'Sending…' : submitLabel}
          </button>
          {preview ? <p className="rs-note">Preview — submissions are not sent.</p> : null}
        </form>
      )}
      {form.show_branding ? (
        <p className="rs-branding">
          Powered by <a href="https://raisespark.com" target="_blank" rel="noopener noreferrer">RaiseSpark</a>
        </p>
      ) : null}
    </div>
  );
}

import { AlertTriangle, Check, Code2, Copy, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { BrandMark, BrandName } from '@/components/ui/brand';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { useForm } from '@/features/forms/api/get-form';
import type { Form } from '@/features/forms/types';
import { cn } from '@/lib/utils';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The floating button's snippet. Its colours are the theme's button and label (readable on
 * each other), not the chosen ones; embed.js also asks the server for the current ones.
 */
export function floatingSnippet(origin: string, form: Form): string {
  const company = form.content_settings.form_content.company_name.trim();
  const logo = form.content_settings.form_content.logo_url || form.styling.logoUrl;
  const attributes = [
    `src="${origin}/embed.js"`,
    `data-form-id="${form.id}"`,
    company ? `data-company-name="${escapeAttr(company)}"` : null,
    `data-button-color="${form.theme.button}"`,
    `data-text-color="${form.theme.buttonText}"`,
    logo ? `data-logo="${escapeAttr(logo)}"` : null,
    'async',
  ].filter(Boolean);
  return `<script ${attributes.join('\n  ')}></script>`;
}

export function inlineSnippet(origin: string, form: Form): string {
  return `<div data-raisespark-form="${form.id}"></div>\n<script src="${origin}/embed.js" async></script>`;
}

function Snippet({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success('Copied to clipboard');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy. Select the code and copy it by hand.');
    }
  };
  return (
    <div className="overflow-hidden rounded-xl bg-gray-900">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-2">
        <span className="text-xs font-medium text-gray-400">HTML</span>
        <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {copied ? <Check className="size-4 text-emerald-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre tabIndex={0} aria-label={label} className="overflow-x-auto p-4 text-xs leading-relaxed text-gray-100"><code>{code}</code></pre>
    </div>
  );
}

const PLATFORMS: { key: string; name: string; steps: ReactNode[] }[] = [
  {
    key: 'wordpress',
    name: 'WordPress',
    steps: [
      'Open the page in the block editor and click + to add a block.',
      'Search for "Custom HTML" and add that block where the form should appear (or anywhere for the floating button).',
      'Paste the snippet into the block and click Update.',
    ],
  },
  {
    key: 'webflow',
    name: 'Webflow',
    steps: [
      'Inline form: drag an Embed element onto the page and paste the inline snippet.',
      'Floating button: open Site settings → Custom code, paste the snippet in "Footer code".',
      'Publish the site.',
    ],
  },
  {
    key: 'wix',
    name: 'Wix',
    steps: [
      'Inline form: Add → Embed Code → Embed HTML, choose "Code" and paste the inline snippet; resize the box to at least 600 px high.',
      'Floating button: Settings → Custom code → + Add Custom Code, paste the snippet, place it in "Body - end" on all pages.',
      'Publish.',
    ],
  },
  {
    key: 'squarespace',
    name: 'Squarespace',
    steps: [
      'Inline form: edit a section, add a Code block and paste the inline snippet.',
      'Floating button: Settings → Advanced → Code Injection, paste the snippet into "Footer".',
      'Save (code injection needs a Business plan or higher).',
    ],
  },
  {
    key: 'html',
    name: 'Plain HTML',
    steps: [
      'Inline form: paste the inline snippet where the form should appear in your page.',
      'Floating button: paste the snippet just before </body>.',
      'Upload the page. The form loads from RaiseSpark and sizes itself.',
    ],
  },
];

function FloatingPreview({ form }: { form: Form }) {
  const [open, setOpen] = useState(false);
  const company = form.content_settings.form_content.company_name.trim() || 'this company';
  return (
    <div className="relative h-72 overflow-hidden rounded-xl border border-gray-200 bg-gradient-to-br from-gray-50 to-gray-100">
      <div className="space-y-3 p-6" aria-hidden>
        <div className="h-4 w-40 rounded bg-gray-200" />
        <div className="h-3 w-64 rounded bg-gray-200" />
        <div className="h-3 w-56 rounded bg-gray-200" />
      </div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="absolute right-5 bottom-5 flex items-center gap-2 rounded-full px-4 py-3 text-sm font-semibold shadow-lg [background:var(--bg)] [color:var(--fg)]"
        style={{ '--bg': form.theme.button, '--fg': form.theme.buttonText } as React.CSSProperties}
      >
        Invest in {company}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={`Invest in ${company}`}>
        <iframe title="Floating form preview" src={`/form-view/${form.id}?source=preview`} className="h-[60vh] w-full rounded-lg border-0" />
      </Dialog>
    </div>
  );
}

/** Embed options (spec 2): both snippets, their live previews and per-platform steps. */
export default function EmbedOptionsPage() {
  const { formId } = useParams();
  const { user, loading } = useAuth();
  const { data: form, error } = useForm(user ? formId : undefined);
  const [platform, setPlatform] = useState('wordpress');
  const origin = window.location.origin;

  const frame = (children: ReactNode) => (
    <div className="min-h-dvh flex-1 bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
          <Link to="/dashboard" className="flex items-center gap-2" aria-label="RaiseSpark home">
            <BrandMark className="size-7" />
            <BrandName className="text-base" />
          </Link>
          {form ? <Link to={`/forms/${form.id}`} className="text-sm font-medium text-brand-600 hover:text-brand-700">Edit form</Link> : null}
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );

  if (error || (!loading && !user)) {
    return frame(
      <Alert>
        This form could not be found in your account.{' '}
        {!user ? <Link to="/login" className="font-semibold underline">Sign in</Link> : null}
      </Alert>,
    );
  }
  if (!form) return frame(<Skeleton className="h-96 rounded-2xl" />);

  const live = form.is_published && !form.is_archived;
  const steps = PLATFORMS.find((p) => p.key === platform)!;
  return frame(
    <>
      <title>{`Embed ${form.name} | RaiseSpark`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Embed “{form.name}”</h1>
      <p className="mt-1 text-gray-600">Put the form on your own website: as a floating button on every page, or inline within a page.</p>
      {!live ? (
        <Alert className="mt-6">
          <span className="inline-flex items-center gap-1.5 font-semibold"><AlertTriangle className="size-4" aria-hidden /> This form is not live.</span>{' '}
          Until you publish it (and while it is archived), embeds show “This form is not available”.{' '}
          <Link to={`/forms/${form.id}`} className="font-semibold underline">Open the editor</Link>
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="floating-heading" className="min-w-0 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="floating-heading" className="text-base font-semibold text-gray-900">Floating button</h2>
          <p className="mt-1 text-sm text-gray-600">A button in the corner of every page that opens the form in a window.</p>
          <div className="mt-4"><Snippet label="floating button snippet" code={floatingSnippet(origin, form)} /></div>
          <p className="mt-5 mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">Live preview</p>
          <FloatingPreview form={form} />
        </section>
        <section aria-labelledby="inline-heading" className="min-w-0 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="inline-heading" className="text-base font-semibold text-gray-900">Inline form</h2>
          <p className="mt-1 text-sm text-gray-600">The form inside your page; it grows to fit its content.</p>
          <div className="mt-4"><Snippet label="inline form snippet" code={inlineSnippet(origin, form)} /></div>
          <p className="mt-5 mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">Live preview</p>
          <iframe title="Inline form preview" src={`/form-view/${form.id}?source=preview`} className="h-96 w-full rounded-xl border border-gray-200 bg-white" />
        </section>
      </div>

      <section aria-labelledby="install-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="install-heading" className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <Code2 className="size-5 text-brand-600" aria-hidden /> Add it to your site
        </h2>
        <div role="tablist" aria-label="Website platform" className="mt-4 flex flex-wrap gap-2">
          {PLATFORMS.map((p) => (
            <button
              key={p.key}
              role="tab"
              type="button"
              aria-selected={platform === p.key}
              onClick={() => setPlatform(p.key)}
              className={cn(buttonClasses(platform === p.key ? 'primary' : 'secondary', 'sm'))}
            >
              {p.name}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={steps.name} className="mt-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700">
            {steps.steps.map((step, i) => <li key={i}>{step}</li>)}
          </ol>
        </div>
        <p className="mt-4 text-xs text-gray-500">
          Signed in to RaiseSpark in the same browser? The floating button is hidden for you on RaiseSpark pages; open your site in a
          private window to see it as investors do. <a className="inline-flex items-center gap-1 underline" href={`/form-view/${form.id}`} target="_blank" rel="noopener">Open the form on its own <ExternalLink className="size-3" aria-hidden /></a>
        </p>
      </section>
    </>,
  );
}

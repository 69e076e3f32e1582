import { AlertTriangle, Code2, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { BrandMark, BrandName } from '@/components/ui/brand';
import { buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { useForm } from '@/features/forms/api/get-form';
import type { Form } from '@/features/forms/types';
import { CodeBox } from '@/features/forms/embed/code-box';
import { floatingSnippet, inlineSnippet } from '@/features/forms/embed/snippets';
import { cn } from '@/lib/utils';

type Step = { text: string; /** The snippet to paste at this step, shown under it. */ code?: 'inline' | 'floating' };
type Platform = { key: string; name: string; inline: Step[]; floating: Step[]; note?: string };

/** Per-platform steps; each paste step shows the form's own snippet (its id, this site's embed.js). */
const PLATFORMS: Platform[] = [
  {
    key: 'wordpress',
    name: 'WordPress',
    inline: [
      { text: 'Open the page in the block editor and click + where the form should appear.' },
      { text: 'Search for "Custom HTML" and add that block.' },
      { text: 'Paste the inline snippet into the block and click Update:', code: 'inline' },
    ],
    floating: [
      { text: 'Add a Custom HTML block anywhere on the page (or in a footer widget for every page).' },
      { text: 'Paste the floating button snippet and click Update:', code: 'floating' },
    ],
  },
  {
    key: 'webflow',
    name: 'Webflow',
    inline: [
      { text: 'Drag an Embed element onto the page where the form should appear.' },
      { text: 'Paste the inline snippet, save and publish the site:', code: 'inline' },
    ],
    floating: [
      { text: 'Open Site settings → Custom code.' },
      { text: 'Paste the floating button snippet in "Footer code", save and publish:', code: 'floating' },
    ],
  },
  {
    key: 'wix',
    name: 'Wix',
    inline: [
      { text: 'Add → Embed Code → Embed HTML, and choose "Code".' },
      { text: 'Paste the inline snippet, resize the box to at least 600 px high and publish:', code: 'inline' },
    ],
    floating: [
      { text: 'Settings → Custom code → + Add Custom Code.' },
      { text: 'Paste the floating button snippet, place it in "Body - end" on all pages and publish:', code: 'floating' },
    ],
  },
  {
    key: 'squarespace',
    name: 'Squarespace',
    inline: [
      { text: 'Edit a section and add a Code block.' },
      { text: 'Paste the inline snippet and save:', code: 'inline' },
    ],
    floating: [
      { text: 'Settings → Advanced → Code Injection.' },
      { text: 'Paste the floating button snippet into "Footer" and save:', code: 'floating' },
    ],
    note: 'Code injection needs a Squarespace Business plan or higher.',
  },
  {
    key: 'html',
    name: 'Plain HTML',
    inline: [{ text: 'Paste the inline snippet where the form should appear in your page, then upload the page:', code: 'inline' }],
    floating: [{ text: 'Paste the floating button snippet just before </body> on every page:', code: 'floating' }],
    note: 'The form loads from RaiseSpark and sizes itself.',
  },
];

function PlatformSteps({ title, steps, codes, platform }: {
  title: string;
  steps: Step[];
  codes: Record<'inline' | 'floating', string>;
  platform: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-gray-700">
        {steps.map((step) => (
          <li key={step.text} className="min-w-0">
            {step.text}
            {step.code ? (
              <CodeBox
                className="mt-2"
                code={codes[step.code]}
                label={`${platform} ${step.code === 'inline' ? 'inline' : 'floating button'} snippet`}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

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
  const codes = { inline: inlineSnippet(origin, form), floating: floatingSnippet(origin, form) };
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
          <CodeBox className="mt-4" label="floating button snippet" code={codes.floating} />
          <p className="mt-5 mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">Live preview</p>
          <FloatingPreview form={form} />
        </section>
        <section aria-labelledby="inline-heading" className="min-w-0 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="inline-heading" className="text-base font-semibold text-gray-900">Inline form</h2>
          <p className="mt-1 text-sm text-gray-600">The form inside your page; it grows to fit its content.</p>
          <CodeBox className="mt-4" label="inline form snippet" code={codes.inline} />
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
        <div role="tabpanel" aria-label={steps.name} className="mt-5 grid gap-6 lg:grid-cols-2">
          <PlatformSteps title="Inline form" steps={steps.inline} codes={codes} platform={steps.name} />
          <PlatformSteps title="Floating button" steps={steps.floating} codes={codes} platform={steps.name} />
          {steps.note ? <p className="text-sm text-gray-600 lg:col-span-2">{steps.note}</p> : null}
        </div>
        <p className="mt-4 text-xs text-gray-500">
          Signed in to RaiseSpark in the same browser? The floating button is hidden for you on RaiseSpark pages; open your site in a
          private window to see it as investors do. <a className="inline-flex items-center gap-1 underline" href={`/form-view/${form.id}`} target="_blank" rel="noopener">Open the form on its own <ExternalLink className="size-3" aria-hidden /></a>
        </p>
      </section>
    </>,
  );
}

import { ArrowLeft, Eye, Loader2, Plus, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { EditorPanel } from '@/components/ui/editor-panel';
import { Field, inputClasses, TextareaField } from '@/components/ui/field';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/components/ui/unsaved-changes-dialog';
import { reviewActions } from '@/features/teams/api/reviews';
import { usePermissions } from '@/features/teams/api/teams';
import { ApprovalBanner } from '@/features/teams/components/approval-banner';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangeForm } from '../../api/change-form';
import { useSaveForm } from '../../api/save-form';
import { usePresets } from '../../api/get-presets';
import { fieldFromPreset, moveField, newField, removeField, updateField } from '../../editor-state';
import { FIELD_TYPE_LABELS, type FieldType, type Form, type Theme, type ThemeAdjustment, type ThemeColours } from '../../types';
import { usePreviewTheme } from '../../use-preview-theme';
import { InvestorForm } from '../investor-form';
import { useProfile } from '@/features/profiles/api/profile';
import { FieldEditor } from './field-editor';
import { useFormDraft } from './use-form-draft';

const FONTS = ['Inter', 'system-ui', 'Georgia', 'Helvetica', 'Arial'];
const RADII = [
  { value: '0', label: 'Square' },
  { value: '0.375rem', label: 'Rounded' },
  { value: '0.75rem', label: 'Soft' },
  { value: '1.25rem', label: 'Round' },
];
const SECURITY_TYPES = ['', 'Common stock', 'Preferred stock', 'SAFE', 'Convertible note', 'Revenue share', 'Debt'];
const ADDABLE: FieldType[] = ['text', 'email', 'phone', 'textarea', 'select', 'radio', 'checkbox'];

function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden className="inline-block size-3.5 rounded-sm ring-1 ring-gray-900/15 [background:var(--bg)]" style={{ '--bg': colour } as React.CSSProperties} />;
}

/** The founder's colour next to the one investors see, when the server adjusted it. */
function Adjusted({ adjustment }: { adjustment: ThemeAdjustment }) {
  return (
    <p className="mt-1.5 text-xs text-gray-600">
      Adjusted for readability:{' '}
      <span className="inline-flex items-center gap-1 whitespace-nowrap align-middle">
        <Swatch colour={adjustment.chosen} /><span className="font-mono">{adjustment.chosen}</span>{' '}
        <span aria-hidden>→</span><span className="sr-only">is shown as</span>{' '}
        <Swatch colour={adjustment.used} /><span className="font-mono">{adjustment.used}</span>
      </span>
    </p>
  );
}

const COLOUR_SETTINGS: { setting: keyof ThemeColours; label: string }[] = [
  { setting: 'primaryColor', label: 'Primary colour' },
  { setting: 'backgroundColor', label: 'Background colour' },
  { setting: 'textColor', label: 'Text colour' },
  { setting: 'buttonColor', label: 'Button colour' },
  { setting: 'buttonTextColor', label: 'Button text colour' },
];

/** The editor of one form; `initial` is the form as read. */
export function FormEditor({ initial }: { initial: Form }) {
  const { saved, draft, dirty, set, setStyling, setOffering, setWelcome, setCompany, setFields, payload, accept, acceptFlags } = useFormDraft(initial);
  const saveRequest = useSaveForm(saved.id);
  const changeRequest = useChangeForm(saved.id);
  const saving = saveRequest.isMutating;
  // Publishing spans two requests when there are unsaved edits: they are saved first.
  const [publishing, setPublishing] = useState(false);
  const { data: presetData } = usePresets();
  const { data: profile } = useProfile();
  const blocker = useUnsavedChanges(dirty);
  const permissions = usePermissions();

  const save = async (): Promise<Form | null> => {
    try {
      const form = await saveRequest.trigger({ version: saved.version, content: payload() });
      accept(form);
      toast.success('Form saved');
      return form;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'approval_required') void reviewActions.refresh('form', saved.id);
      toast.error('Failed to save form', { description: err instanceof Error ? err.message : undefined });
      return null;
    }
  };

  const togglePublish = async () => {
    setPublishing(true);
    try {
      const current = dirty ? await save() : saved;
      if (!current) return;
      const form = await changeRequest.trigger({ action: current.is_published ? 'unpublish' : 'publish', version: current.version });
      acceptFlags(form);
      toast.success(form.is_published ? 'Form published' : 'Form unpublished');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'approval_required') void reviewActions.refresh('form', saved.id);
      toast.error(saved.is_published ? 'Failed to unpublish form' : 'Failed to publish form', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setPublishing(false);
    }
  };

  const { theme: previewTheme, problem: colourProblem } = usePreviewTheme(draft.styling, saved);
  const adjusted = (setting: keyof ThemeColours, theme: Theme) => {
    const adjustment = theme.adjustments.find((a) => a.setting === setting);
    return adjustment ? <Adjusted adjustment={adjustment} /> : null;
  };
  const presets = presetData?.presets ?? [];
  const defaultLegend = presetData?.default_legend.text;

  return (
    <>
      <title>{`${saved.name} — Edit form | RaiseSpark`}</title>
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <Link to="/forms" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="size-4" aria-hidden /> Investor Forms
          </Link>
          <div className="mt-1 flex items-center gap-3">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-gray-900">Edit form</h1>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', saved.is_published ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-gray-100 text-gray-700 ring-gray-200')}>
              {saved.is_published ? 'Published' : 'Draft'}
            </span>
            {dirty ? <span className="text-xs text-amber-700">Unsaved changes</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`/form-preview/${saved.id}`} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
            <Eye className="size-4" aria-hidden /> Preview
          </a>
          <Button variant="secondary" onClick={() => void save()} disabled={saving || !dirty}>
            {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />}
            {saving ? 'Saving...' : 'Save'}
          </Button>
          <Button onClick={() => void togglePublish()} disabled={publishing || saving}>
            {publishing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {saved.is_published ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      </div>

      <div className="mb-6 empty:hidden">
        <ApprovalBanner subject="form" id={saved.id} version={saved.version} canRequest={permissions?.includes('edit_forms') ?? false} what="it goes live" live={saved.is_published && !saved.is_archived} />
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="space-y-6">
          <EditorPanel title="Details" description="What investors read at the top of the form, on its button and after they submit.">
            <Field label="Form name" hint="Only you see this name, in your dashboard." value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            <Field
              label="Headline"
              hint="The title investors see."
              maxLength={120}
              placeholder="Register your interest"
              value={draft.content_settings.form_content.headline}
              onChange={(e) => setCompany({ headline: e.target.value })}
            />
            <TextareaField label="Description" rows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Button label"
                hint="Up to 30 characters, e.g. “Count me in”."
                maxLength={30}
                placeholder="Submit"
                value={draft.content_settings.form_content.submit_label}
                onChange={(e) => setCompany({ submit_label: e.target.value })}
              />
              <Field
                label="Thank-you link (optional)"
                hint="Your website, offered after investors submit."
                type="url"
                inputMode="url"
                placeholder="https://yourcompany.com"
                value={draft.content_settings.form_content.thank_you_url ?? ''}
                onChange={(e) => setCompany({ thank_you_url: e.target.value })}
              />
            </div>
          </EditorPanel>

          <EditorPanel title="Fields" description="What investors answer. Reorder with the arrows; amount and timeline answers drive lead temperature.">
            <ol className="space-y-3">
              {draft.fields.map((field, index) => (
                <FieldEditor
                  key={field.id}
                  field={field}
                  index={index}
                  count={draft.fields.length}
                  onChange={(patch) => setFields(updateField(draft.fields, field.id, patch))}
                  onMove={(offset) => setFields(moveField(draft.fields, index, offset))}
                  onRemove={() => setFields(removeField(draft.fields, field.id))}
                />
              ))}
            </ol>
            <div>
              <p className="text-sm font-medium text-gray-900">Add a field</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {ADDABLE.map((type) => (
                  <Button key={type} variant="secondary" size="sm" onClick={() => setFields([...draft.fields, newField(type)])}>
                    <Plus className="size-3.5" aria-hidden /> {FIELD_TYPE_LABELS[type]}
                  </Button>
                ))}
              </div>
              {presets.length ? (
                <>
                  <p className="mt-4 text-sm font-medium text-gray-900">Investor presets</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {presets.map((preset) => (
                      <Button key={preset.key} variant="secondary" size="sm" onClick={() => setFields([...draft.fields, fieldFromPreset(preset)])}>
                        <Plus className="size-3.5" aria-hidden /> {preset.name}
                      </Button>
                    ))}
                  </div>
                </>
              ) : null}
            </div>
          </EditorPanel>

          <EditorPanel title="Styling" description="Match your brand. The preview updates as you type.">
            <div className="grid gap-4 sm:grid-cols-2">
              {COLOUR_SETTINGS.map(({ setting, label }) => (
                <ColorField
                  key={setting}
                  label={label}
                  value={draft.styling[setting]}
                  onChange={(value) => setStyling({ [setting]: value })}
                  note={adjusted(setting, previewTheme)}
                />
              ))}
              <div>
                <label htmlFor="font" className="block text-sm font-medium text-gray-900">Font</label>
                <select id="font" className={cn(inputClasses, 'mt-1.5')} value={draft.styling.fontFamily} onChange={(e) => setStyling({ fontFamily: e.target.value })}>
                  {FONTS.map((font) => <option key={font} value={font}>{font === 'system-ui' ? 'System' : font}</option>)}
                </select>
              </div>
              <div>
                <label htmlFor="radius" className="block text-sm font-medium text-gray-900">Corners</label>
                <select id="radius" className={cn(inputClasses, 'mt-1.5')} value={draft.styling.borderRadius} onChange={(e) => setStyling({ borderRadius: e.target.value })}>
                  {RADII.map((radius) => <option key={radius.value} value={radius.value}>{radius.label}</option>)}
                </select>
              </div>
              <Field label="Logo URL" placeholder="https://…/logo.png" value={draft.styling.logoUrl ?? ''} onChange={(e) => setStyling({ logoUrl: e.target.value })} />
            </div>
            {colourProblem ? <p role="status" className="text-sm text-red-700">{colourProblem}</p> : null}
            {previewTheme.adjustments.length ? (
              <p className="text-xs text-gray-600">
                Investors see the adjusted shades, so every text on your form reads at a contrast of at least 4.5:1 (WCAG AA). Your
                own colours are kept: choose a darker or lighter one to avoid the adjustment.
              </p>
            ) : null}
          </EditorPanel>

          <EditorPanel title="Company" description="Shown above the form.">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Company name" value={draft.content_settings.form_content.company_name} onChange={(e) => setCompany({ company_name: e.target.value })} />
              <Field
                label="Company logo URL"
                placeholder="https://…"
                value={draft.content_settings.form_content.logo_url ?? ''}
                onChange={(e) => setCompany({ logo_url: e.target.value })}
                hint={
                  profile?.logo ? (
                    'Leave empty to show the logo you uploaded in Settings.'
                  ) : (
                    <>
                      Or <Link to="/settings#brand" className="font-medium text-brand-700 underline">upload your logo in Settings</Link>: every form shows it.
                    </>
                  )
                }
              />
            </div>
          </EditorPanel>

          <EditorPanel title="Welcome screen" description="An optional first screen before the questions.">
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" checked={draft.welcome_settings.enabled} onChange={(e) => setWelcome({ enabled: e.target.checked })} className="size-4 accent-brand-600" />
              Show a welcome screen
            </label>
            <Field label="Welcome headline" value={draft.welcome_settings.headline} onChange={(e) => setWelcome({ headline: e.target.value })} />
            <TextareaField label="Message" rows={3} value={draft.welcome_settings.message} onChange={(e) => setWelcome({ message: e.target.value })} />
            <Field label="Button text" value={draft.welcome_settings.button_text} onChange={(e) => setWelcome({ button_text: e.target.value })} />
          </EditorPanel>

          <EditorPanel title="Offering" description="What investors may hear about while you test the waters.">
            <TextareaField label="Offering summary" rows={3} value={draft.offering_settings.summary} onChange={(e) => setOffering({ summary: e.target.value })} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Minimum investment (USD)" type="number" min={0} inputMode="numeric" value={draft.offering_settings.minimum_investment ?? ''} onChange={(e) => setOffering({ minimum_investment: e.target.value === '' ? null : Math.max(0, Math.floor(Number(e.target.value))) })} />
              <Field label="Target raise (USD)" type="number" min={0} inputMode="numeric" value={draft.offering_settings.target_raise ?? ''} onChange={(e) => setOffering({ target_raise: e.target.value === '' ? null : Math.max(0, Math.floor(Number(e.target.value))) })} />
              <div>
                <label htmlFor="security" className="block text-sm font-medium text-gray-900">Security type</label>
                <select id="security" className={cn(inputClasses, 'mt-1.5')} value={draft.offering_settings.security_type} onChange={(e) => setOffering({ security_type: e.target.value })}>
                  {SECURITY_TYPES.map((type) => <option key={type} value={type}>{type || 'Not decided yet'}</option>)}
                </select>
              </div>
              <Field label="Funding portal URL" placeholder="https://…" value={draft.offering_settings.funding_portal_url ?? ''} onChange={(e) => setOffering({ funding_portal_url: e.target.value })} />
            </div>
            <TextareaField
              label="Testing-the-waters disclaimer"
              rows={6}
              value={draft.offering_settings.disclaimer}
              onChange={(e) => setOffering({ disclaimer: e.target.value })}
              hint="Required on every form (Reg CF Rule 206). You may edit the wording but not remove it."
            />
            {defaultLegend && draft.offering_settings.disclaimer !== defaultLegend ? (
              <Button variant="ghost" size="sm" onClick={() => setOffering({ disclaimer: defaultLegend })}>
                <RotateCcw className="size-3.5" aria-hidden /> Restore the default wording
              </Button>
            ) : null}
          </EditorPanel>

          <EditorPanel title="Branding">
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" checked={draft.show_branding} onChange={(e) => set({ show_branding: e.target.checked })} className="size-4 accent-brand-600" />
              Show 'Powered by RaiseSpark'
            </label>
          </EditorPanel>
        </div>

        <aside aria-label="Live preview" className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">Live preview</p>
          <div className="overflow-hidden rounded-2xl bg-gray-100 p-4 ring-1 ring-gray-200">
            <InvestorForm form={payload()} theme={previewTheme} messages={saved.field_messages} brandLogo={profile?.logo} preview />
          </div>
        </aside>
      </div>

      <UnsavedChangesDialog blocker={blocker} description="Your changes to this form have not been saved." />
    </>
  );
}

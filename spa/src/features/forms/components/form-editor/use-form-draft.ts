import { useState } from 'react';
import { optionsFromText, sameContent } from '../../editor-state';
import { editableContent, type Form, type FormDisplay, type FormField } from '../../types';

/**
 * The form as last saved and the founder's draft of it: `dirty` while they differ, setters per
 * section, and `payload()`, what saving sends.
 */
export function useFormDraft(initial: Form) {
  const [saved, setSaved] = useState<Form>(initial);
  const [draft, setDraft] = useState<FormDisplay>(() => editableContent(initial));
  const dirty = !sameContent(draft, editableContent(saved));

  const set = (patch: Partial<FormDisplay>) => setDraft((current) => ({ ...current, ...patch }));
  const setStyling = (patch: Partial<FormDisplay['styling']>) => setDraft((c) => ({ ...c, styling: { ...c.styling, ...patch } }));
  const setOffering = (patch: Partial<FormDisplay['offering_settings']>) => setDraft((c) => ({ ...c, offering_settings: { ...c.offering_settings, ...patch } }));
  const setWelcome = (patch: Partial<FormDisplay['welcome_settings']>) => setDraft((c) => ({ ...c, welcome_settings: { ...c.welcome_settings, ...patch } }));
  const setCompany = (patch: Partial<FormDisplay['content_settings']['form_content']>) =>
    setDraft((c) => ({ ...c, content_settings: { form_content: { ...c.content_settings.form_content, ...patch } } }));
  const setFields = (fields: FormField[]) => set({ fields });

  /** What is sent: option lines cleaned, empty optional URLs left out. */
  const payload = (): FormDisplay => ({
    ...draft,
    fields: draft.fields.map((field) => ({ ...field, options: optionsFromText((field.options ?? []).join('\n')) })),
    styling: { ...draft.styling, logoUrl: draft.styling.logoUrl?.trim() || undefined },
    content_settings: {
      form_content: {
        ...draft.content_settings.form_content,
        logo_url: draft.content_settings.form_content.logo_url?.trim() || undefined,
        thank_you_url: draft.content_settings.form_content.thank_you_url?.trim() || undefined,
      },
    },
    offering_settings: { ...draft.offering_settings, funding_portal_url: draft.offering_settings.funding_portal_url?.trim() || undefined },
  });

  /** A saved form: it becomes the saved copy and the draft starts from it. */
  const accept = (form: Form) => {
    setSaved(form);
    setDraft(editableContent(form));
  };

  /** A form whose flags changed (published or not): the draft is kept. */
  const acceptFlags = (form: Form) => setSaved(form);

  return { saved, draft, dirty, set, setStyling, setOffering, setWelcome, setCompany, setFields, payload, accept, acceptFlags };
}

/** The form as the forms API returns it (spec 3: Form, Form field, Styling). */

export type FieldType = 'text' | 'email' | 'phone' | 'textarea' | 'select' | 'radio' | 'checkbox';

export type FormField = {
  id: string;
  type: FieldType;
  label: string;
  placeholder?: string;
  required?: boolean;
  order?: number;
  options?: string[];
  preset?: string;
  /**
   * The public form only: the sentences the capture answers a wrong answer with (the server's
   * words, shown before sending too).
   */
  messages?: FieldMessages;
};

export type FieldMessages = { required: string; invalid: string; too_long: string };

export type Styling = {
  primaryColor: string;
  fontFamily: string;
  borderRadius: string;
  backgroundColor: string;
  textColor: string;
  buttonColor: string;
  buttonTextColor: string;
  logoUrl?: string;
};

/** The five colours a founder chooses (the part of the styling the theme is derived from). */
export type ThemeColours = Pick<Styling, 'primaryColor' | 'backgroundColor' | 'textColor' | 'buttonColor' | 'buttonTextColor'>;

/**
 * Every colour the investor form renders, each readable (WCAG 2 AA), as the server derives it
 * from the founder's colours (shared::theme). The SPA only displays it.
 */
export type Palette = {
  background: string;
  /** The tinted panels: offering summary, notices, the success tick. */
  surface: string;
  text: string;
  /** Descriptions, the legend, notes, placeholders, the branding line. */
  mutedText: string;
  /** The primary colour as text and focus ring. */
  accent: string;
  /** Input borders. */
  border: string;
  error: string;
  button: string;
  buttonText: string;
  colorScheme: 'light' | 'dark';
};

/** A chosen colour investors see differently. */
export type ThemeAdjustment = { setting: keyof ThemeColours; chosen: string; used: string };

export type Theme = Palette & { adjustments: ThemeAdjustment[] };

export type OfferingSettings = {
  summary: string;
  minimum_investment?: number | null;
  target_raise?: number | null;
  security_type: string;
  funding_portal_url?: string | null;
  disclaimer: string;
  legend_version?: string;
};

export type WelcomeSettings = { enabled: boolean; headline: string; message: string; button_text: string };

export type FormContent = {
  company_name: string;
  logo_url?: string | null;
  /** What investors read as the title (the form's name is the founder's own label). */
  headline: string;
  /** The submit button's label ('Submit' unless the founder chose one). */
  submit_label: string;
  /** The founder's site, linked from the thank-you screen (https only). */
  thank_you_url?: string | null;
};

export type ContentSettings = { form_content: FormContent };

/**
 * The logo the founder uploaded in Settings, as the server keeps it: a PNG at twice the size
 * the form shows it (at most 480 × 96 px), served from the app under an immutable address.
 */
export type BrandLogo = { url: string; width: number; height: number };

/** What the investor-facing renderer needs: the same shape for the preview and the live form. */
export type FormDisplay = {
  name: string;
  description: string;
  fields: FormField[];
  styling: Styling;
  content_settings: ContentSettings;
  welcome_settings: WelcomeSettings;
  offering_settings: OfferingSettings;
  show_branding: boolean;
};

export type Form = FormDisplay & {
  id: string;
  user_id: string;
  is_published: boolean;
  is_archived: boolean;
  views: number;
  created_at: string;
  updated_at: string;
  version: number;
  /** The colours investors see, derived by the server on every read. */
  theme: Theme;
  /** By field id, the sentences investors read for a missing or wrong answer. */
  field_messages?: Record<string, FieldMessages>;
};

export type FieldPreset = {
  key: string;
  name: string;
  type: FieldType;
  label: string;
  placeholder: string;
  options: string[];
};

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Short text',
  email: 'Email',
  phone: 'Phone',
  textarea: 'Paragraph',
  select: 'Dropdown',
  radio: 'Multiple choice',
  checkbox: 'Consent checkbox',
};

/** The editable part of a form: what PUT /api/forms/{id} takes besides the version. */
export function editableContent(form: FormDisplay): FormDisplay {
  const { name, description, fields, styling, content_settings, welcome_settings, offering_settings, show_branding } = form;
  return { name, description, fields, styling, content_settings, welcome_settings, offering_settings, show_branding };
}

import type { FormDisplay, Palette } from '@/features/forms/types';

/** The default testing-the-waters legend of every new form (shared::forms::DEFAULT_LEGEND). */
export const DEFAULT_LEGEND =
  'We are testing the waters to gauge interest in a possible offering under Regulation Crowdfunding. ' +
  'No money or other consideration is being solicited, and if sent in response, it will not be accepted. ' +
  'No offer to buy the securities can be accepted and no part of the purchase price can be received until the offering statement ' +
  "on Form C is filed, and then only through an intermediary's platform. " +
  'An indication of interest involves no obligation or commitment of any kind.';

/**
 * A realistic investor form, rendered by the real InvestorForm on the landing page so visitors
 * see exactly what their investors would get.
 */
export const SAMPLE_FORM: FormDisplay = {
  name: 'Reserve your spot in our raise',
  description: 'Tell us you are interested. It takes 30 seconds and commits you to nothing.',
  fields: [
    { id: 'name', type: 'text', label: 'Full name', placeholder: 'Jordan Lee', required: true, order: 0 },
    { id: 'email', type: 'email', label: 'Email', placeholder: 'jordan@example.com', required: true, order: 1 },
    {
      id: 'amount',
      type: 'select',
      label: 'How much might you invest? (non-binding indication of interest)',
      placeholder: 'Choose a range',
      required: true,
      order: 2,
      preset: 'investment_amount',
      options: ['Under $10,000', '$10,000 - $25,000', '$25,000 - $50,000', '$50,000 - $100,000', 'Over $100,000'],
    },
  ],
  styling: {
    primaryColor: '#4f46e5',
    fontFamily: 'Inter',
    borderRadius: '8px',
    backgroundColor: '#ffffff',
    textColor: '#111827',
    buttonColor: '#4f46e5',
    buttonTextColor: '#ffffff',
  },
  content_settings: { form_content: { company_name: 'Brightside Brewing Co.', headline: 'Reserve your spot in our raise', submit_label: 'Submit' } },
  welcome_settings: { enabled: false, headline: '', message: '', button_text: '' },
  offering_settings: {
    summary: 'A community round to open our second taproom in Austin.',
    target_raise: 750_000,
    minimum_investment: 250,
    security_type: 'Crowd SAFE',
    disclaimer: DEFAULT_LEGEND,
  },
  show_branding: true,
};

/**
 * The sample form's theme, as `GET /api/forms/theme` answers for its colours (all of which
 * already read, so nothing is adjusted). A literal, so the landing page needs no request; a
 * test of shared::theme checks it is the rule's.
 */
export const SAMPLE_THEME: Palette = {
  background: '#ffffff',
  surface: '#f4f4fd',
  text: '#111827',
  mutedText: '#585d68',
  accent: '#4f46e5',
  border: '#8f9299',
  error: '#dc2626',
  button: '#4f46e5',
  buttonText: '#ffffff',
  colorScheme: 'light',
};

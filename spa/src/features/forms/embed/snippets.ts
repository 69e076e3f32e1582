import type { Form } from '../types';

/**
 * The embed code of a form, as the Embed page shows it and as the Help Center's articles show
 * it to a signed-in founder: the real RaiseSpark address and the founder's own form id.
 */

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The placeholder the Help Center's articles write where a form id goes. */
export const FORM_ID_PLACEHOLDER = 'YOUR_FORM_ID';
/** The placeholder address of embed.js in the articles. */
const SCRIPT_PLACEHOLDER = 'https://…/embed.js';

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

/**
 * An article's example code made the founder's own: a floating-button example becomes the
 * form's real floating snippet (its colours, company and logo), and everywhere else the
 * placeholder id and script address become the form's id and this site's embed.js. Code
 * without a placeholder is returned as it is.
 */
export function personaliseEmbedCode(code: string, origin: string, form: Form): string {
  const trimmed = code.trim();
  if (/^<script\b[^>]*data-form-id="YOUR_FORM_ID"[\s\S]*<\/script>$/.test(trimmed)) return floatingSnippet(origin, form);
  return code.split(FORM_ID_PLACEHOLDER).join(form.id).split(SCRIPT_PLACEHOLDER).join(`${origin}/embed.js`);
}

/** Whether a text (an article's body) holds embed code to personalise. */
export function hasEmbedPlaceholder(text: string): boolean {
  return text.includes(FORM_ID_PLACEHOLDER);
}

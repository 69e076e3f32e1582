import { describe, expect, it } from 'vitest';
import type { Form } from '../types';
import { floatingSnippet, hasEmbedPlaceholder, inlineSnippet, personaliseEmbedCode } from './snippets';

const ORIGIN = 'https://app.raisespark.example';
const form = (company = 'Harbor Coffee Co.', logo = '') =>
  ({
    id: 'frm_123',
    theme: { button: '#4f46e5', buttonText: '#ffffff' },
    styling: { logoUrl: '' },
    content_settings: { form_content: { company_name: company, logo_url: logo } },
  }) as unknown as Form;

describe('embed snippets', () => {
  it('carry the real address and form id', () => {
    expect(inlineSnippet(ORIGIN, form())).toBe(
      '<div data-raisespark-form="frm_123"></div>\n<script src="https://app.raisespark.example/embed.js" async></script>',
    );
    expect(floatingSnippet(ORIGIN, form())).toContain('data-form-id="frm_123"');
    expect(floatingSnippet(ORIGIN, form())).toContain('src="https://app.raisespark.example/embed.js"');
  });

  it('escape the company name and logo in attributes', () => {
    const code = floatingSnippet(ORIGIN, form('Tom & "Jerry" <Co>', 'https://x.example/a.png?b=1&c=2'));
    expect(code).toContain('data-company-name="Tom &amp; &quot;Jerry&quot; &lt;Co>"');
    expect(code).toContain('data-logo="https://x.example/a.png?b=1&amp;c=2"');
  });
});

describe("an article's example code shown to a signed-in founder", () => {
  it('has the founder\'s form id and this site\'s embed.js in place of the placeholders', () => {
    const example = '<div data-raisespark-form="YOUR_FORM_ID"></div>\n<script src="https://…/embed.js" async></script>';
    expect(personaliseEmbedCode(example, ORIGIN, form())).toBe(inlineSnippet(ORIGIN, form()));
  });

  it('is the real floating snippet, colours and company included, for a floating-button example', () => {
    const example = '<script src="https://…/embed.js"\n  data-form-id="YOUR_FORM_ID"\n  data-company-name="Sunrise"\n  data-button-color="#6366f1"\n  async></script>';
    expect(personaliseEmbedCode(example, ORIGIN, form())).toBe(floatingSnippet(ORIGIN, form()));
  });

  it('replaces every placeholder, not only the first', () => {
    const example = 'A: YOUR_FORM_ID\nB: YOUR_FORM_ID';
    expect(personaliseEmbedCode(example, ORIGIN, form())).toBe('A: frm_123\nB: frm_123');
  });

  it('leaves code without a placeholder as it is', () => {
    expect(personaliseEmbedCode('npm install', ORIGIN, form())).toBe('npm install');
    expect(hasEmbedPlaceholder('npm install')).toBe(false);
    expect(hasEmbedPlaceholder('data-form-id="YOUR_FORM_ID"')).toBe(true);
  });
});

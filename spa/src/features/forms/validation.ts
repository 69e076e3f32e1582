import type { FormField } from './types';

/** Answers keyed by field id. Checkbox answers are 'yes' when ticked. */
export type Answers = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Inline validation an investor sees before submitting; the server checks the same again. */
export function fieldError(field: FormField, value: string | undefined): string | null {
  const answer = (value ?? '').trim();
  if (!answer) {
    if (!field.required) return null;
    return field.type === 'checkbox' ? 'Please tick this box to continue.' : `${field.label} is required.`;
  }
  if (field.type === 'email' && !EMAIL.test(answer)) return 'Enter a valid email address.';
  if (field.type === 'phone') {
    const digits = answer.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15 || /[^\d\s()+.-]/.test(answer)) return 'Enter a valid phone number.';
  }
  if ((field.type === 'select' || field.type === 'radio') && !(field.options ?? []).includes(answer)) return 'Choose one of the options.';
  if (answer.length > (field.type === 'textarea' ? 5000 : 500)) return 'This answer is too long.';
  return null;
}

export function validateAnswers(fields: FormField[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, answers[field.id]);
    if (error) errors[field.id] = error;
  }
  return errors;
}

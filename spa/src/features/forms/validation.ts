import type { FieldMessages, FormField } from './types';

/** Answers keyed by field id. Checkbox answers are 'yes' when ticked. */
export type Answers = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sentences of a field: the server's (the public form carries them with each field), or,
 * in the editor's preview of unsaved fields, the generic ones it would send.
 */
function messagesOf(field: FormField): FieldMessages {
  if (field.messages) return field.messages;
  const choice = field.type === 'select' || field.type === 'radio';
  return {
    required:
      field.type === 'email' ? 'Please enter your email.'
      : field.type === 'phone' ? 'Please enter your phone number.'
      : field.type === 'checkbox' ? 'Please tick this box to continue.'
      : choice ? 'Please choose an option.'
      : 'Please answer this question.',
    invalid: field.type === 'email' ? 'Please enter a valid email address.' : field.type === 'phone' ? 'Please enter a valid phone number.' : 'Please choose one of the options.',
    too_long: `Please shorten this answer to ${field.type === 'textarea' ? 5000 : 500} characters.`,
  };
}

/** Inline validation an investor sees before submitting, in the server's words; the server checks again. */
export function fieldError(field: FormField, value: string | undefined): string | null {
  const answer = (value ?? '').trim();
  const messages = messagesOf(field);
  if (!answer) return field.required ? messages.required : null;
  if (field.type === 'email' && !EMAIL.test(answer)) return messages.invalid;
  if (field.type === 'phone') {
    const digits = answer.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15 || /[^\d\s()+.-]/.test(answer)) return messages.invalid;
  }
  if ((field.type === 'select' || field.type === 'radio') && !(field.options ?? []).includes(answer)) return messages.invalid;
  if (answer.length > (field.type === 'textarea' ? 5000 : 500)) return messages.too_long;
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

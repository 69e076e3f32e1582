import type { FieldPreset, FieldType, FormDisplay, FormField } from './types';

/** Pure edits of a form draft (unit-tested); the editor page only wires them to inputs. */

export function newField(type: FieldType): FormField {
  const labels: Record<FieldType, string> = {
    text: 'Short answer',
    email: 'Email Address',
    phone: 'Phone Number',
    textarea: 'Anything you would like us to know?',
    select: 'Choose one',
    radio: 'Pick one',
    checkbox: 'I agree to be contacted about this offering.',
  };
  return {
    id: crypto.randomUUID(),
    type,
    label: labels[type],
    placeholder: '',
    required: false,
    options: type === 'select' || type === 'radio' ? ['Option 1', 'Option 2'] : [],
  };
}

export function fieldFromPreset(preset: FieldPreset): FormField {
  return {
    id: crypto.randomUUID(),
    type: preset.type,
    label: preset.label,
    placeholder: preset.placeholder,
    required: false,
    options: [...preset.options],
    preset: preset.key,
  };
}

export function moveField(fields: FormField[], index: number, offset: -1 | 1): FormField[] {
  const target = index + offset;
  if (target < 0 || target >= fields.length) return fields;
  const next = [...fields];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next.map((field, order) => ({ ...field, order }));
}

export function updateField(fields: FormField[], id: string, patch: Partial<FormField>): FormField[] {
  return fields.map((field) => (field.id === id ? { ...field, ...patch } : field));
}

export function removeField(fields: FormField[], id: string): FormField[] {
  return fields.filter((field) => field.id !== id).map((field, order) => ({ ...field, order }));
}

/** Options edited one per line. */
export function optionsFromText(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter(Boolean);
}

export function sameContent(a: FormDisplay, b: FormDisplay): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

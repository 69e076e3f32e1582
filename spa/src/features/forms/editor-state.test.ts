import { describe, expect, it } from 'vitest';
import { moveField, newField, optionsFromText, removeField, updateField } from './editor-state';

describe('form editor edits', () => {
  const fields = [newField('text'), newField('email'), newField('phone')];

  it('moves a field up or down and renumbers the order', () => {
    const moved = moveField(fields, 2, -1);
    expect(moved.map((f) => f.type)).toEqual(['text', 'phone', 'email']);
    expect(moved.map((f) => f.order)).toEqual([0, 1, 2]);
    expect(moveField(fields, 0, -1)).toBe(fields);
  });

  it('updates and removes by id', () => {
    const updated = updateField(fields, fields[1]!.id, { required: true });
    expect(updated[1]!.required).toBe(true);
    expect(removeField(updated, fields[0]!.id).map((f) => f.type)).toEqual(['email', 'phone']);
  });

  it('gives choice fields starter options and reads options one per line', () => {
    expect(newField('select').options).toEqual(['Option 1', 'Option 2']);
    expect(optionsFromText(' Under $10,000 \n\nOver $100,000\n')).toEqual(['Under $10,000', 'Over $100,000']);
  });
});

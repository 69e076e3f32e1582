import { describe, expect, it } from 'vitest';
import { chipLabel, cleanFallback, mergeTag, parseMergeTag, unknownMergeTags } from './merge-fields';

describe('merge fields', () => {
  it('reads a chip in plain language', () => {
    expect(chipLabel('first_name', 'there')).toBe("first name, or 'there'");
    expect(chipLabel('company_name')).toBe('your company name');
    expect(chipLabel('form_name', '  ')).toBe('the form they filled in');
  });

  it('writes the server tag, with the fallback only when there is one', () => {
    expect(mergeTag('first_name', 'there')).toBe('{{first_name|there}}');
    expect(mergeTag('name')).toBe('{{name}}');
    expect(mergeTag('name', '{{x|y}}')).toBe('{{name|xy}}');
  });

  it('keeps only what a fallback can hold inside the tag and the Markdown around it', () => {
    expect(cleanFallback(' *dear*  _friend_ [x] | }} ')).toBe('dear friend x');
  });

  it('reads a stored tag however it is spaced, and nothing that is not one of the server fields', () => {
    expect(parseMergeTag('{{ first_name | there }}')).toEqual({ name: 'first_name', fallback: 'there' });
    expect(parseMergeTag('{{company_name}}')).toEqual({ name: 'company_name', fallback: '' });
    expect(parseMergeTag('{{firstname}}')).toBeNull();
    expect(parseMergeTag('{{first_name')).toBeNull();
  });

  it('finds the tags the server would refuse', () => {
    expect(unknownMergeTags('Hi {{first_name|there}} {{firstname}} {{ nick | x }}')).toEqual(['firstname', 'nick']);
  });
});

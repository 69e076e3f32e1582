import { describe, expect, it } from 'vitest';
import { insertLink, insertText, mergeTag, togglePrefix, toggleWrap, unknownMergeTags } from './markdown-editing';

const at = (start: number, end = start) => ({ start, end });

describe('mergeTag', () => {
  it('writes a tag, with a fallback when given', () => {
    expect(mergeTag('first_name')).toBe('{{first_name}}');
    expect(mergeTag('first_name', 'there')).toBe('{{first_name|there}}');
  });

  it('keeps braces and bars out of the fallback', () => {
    expect(mergeTag('name', ' {friend|} ')).toBe('{{name|friend}}');
  });
});

describe('unknownMergeTags', () => {
  it('names tags the server does not know, once each', () => {
    expect(unknownMergeTags('Hi {{first_name|there}}, {{firstname}} and {{ firstname }} from {{company_name}}')).toEqual(['firstname']);
    expect(unknownMergeTags('Hi {{form_name}}')).toEqual([]);
  });
});

describe('insertText', () => {
  it('inserts at the caret and puts the caret after it', () => {
    expect(insertText('Hi !', at(3), '{{first_name}}')).toEqual({ text: 'Hi {{first_name}}!', selection: at(17) });
  });

  it('replaces a selection', () => {
    expect(insertText('Hi you!', at(3, 6), '{{name}}')).toEqual({ text: 'Hi {{name}}!', selection: at(11) });
  });
});

describe('toggleWrap', () => {
  it('makes the selection bold and keeps it selected', () => {
    expect(toggleWrap('We raised funds', at(3, 9), '**', 'bold text')).toEqual({ text: 'We **raised** funds', selection: at(5, 11) });
  });

  it('unwraps a selection that is already bold', () => {
    expect(toggleWrap('We **raised** funds', at(5, 11), '**', 'bold text')).toEqual({ text: 'We raised funds', selection: at(3, 9) });
    expect(toggleWrap('We **raised** funds', at(3, 13), '**', 'bold text')).toEqual({ text: 'We raised funds', selection: at(3, 9) });
  });

  it('inserts a selected placeholder without a selection', () => {
    expect(toggleWrap('Hi ', at(3), '_', 'italic text')).toEqual({ text: 'Hi _italic text_', selection: at(4, 15) });
  });

  it('keeps surrounding spaces outside the markers', () => {
    expect(toggleWrap('a big deal', at(1, 6), '**', 'x').text).toBe('a **big** deal');
  });
});

describe('insertLink', () => {
  it('links the selection and selects the address', () => {
    const edit = insertLink('Read the offering now', at(9, 17));
    expect(edit.text).toBe('Read the [offering](https://) now');
    expect(edit.text.slice(edit.selection.start, edit.selection.end)).toBe('https://');
  });
});

describe('togglePrefix', () => {
  it('turns the current line into a heading, caret kept in place', () => {
    expect(togglePrefix('Intro\nNews', at(8), '## ')).toEqual({ text: 'Intro\n## News', selection: at(11) });
  });

  it('turns every selected line into a list item, and back', () => {
    const listed = togglePrefix('one\ntwo\nthree', at(0, 13), '- ');
    expect(listed).toEqual({ text: '- one\n- two\n- three', selection: at(0, 19) });
    expect(togglePrefix(listed.text, listed.selection, '- ').text).toBe('one\ntwo\nthree');
  });

  it('replaces another heading level instead of stacking', () => {
    expect(togglePrefix('# Title', at(3), '## ').text).toBe('## Title');
  });
});

import { describe, expect, it } from 'vitest';
import { actorLabel, fileTypeLabel, formatBytes, metaFacts, metaLabel, previewKind, shortHash } from './format';

describe('formatBytes', () => {
  it('shows bytes, then KB and MB with one decimal below 100', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(150 * 1024)).toBe('150 KB');
  });

  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('shortHash', () => {
  const sha = 'ecbecf1cd983d89312637d5ed57ff33346fb7d65f5fcb817b921ca699b4637e8';
  it('keeps the first 12 characters', () => {
    expect(shortHash(sha)).toBe('ecbecf1cd983…');
    expect(shortHash(sha, 8)).toBe('ecbecf1c…');
  });
  it('leaves a short value alone', () => {
    expect(shortHash('abc')).toBe('abc');
  });
});

describe('actorLabel', () => {
  it('names the founder, support and the product', () => {
    expect(actorLabel({ kind: 'founder', id: 'u1' })).toBe('You');
    expect(actorLabel({ kind: 'admin', id: 'a1' })).toBe('RaiseSpark support');
    expect(actorLabel({ kind: 'system' })).toBe('RaiseSpark');
  });
});

describe('previewKind', () => {
  it('previews snapshots, PDFs, images and text; not office files', () => {
    expect(previewKind({ name: 'snapshot.html', content_type: 'text/html; charset=utf-8' })).toBe('html');
    expect(previewKind({ name: 'deck.pdf', content_type: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ name: 'a.png', content_type: 'image/png' })).toBe('image');
    expect(previewKind({ name: 'a.jpg', content_type: 'image/jpeg' })).toBe('image');
    expect(previewKind({ name: 'form.json', content_type: 'application/json' })).toBe('text');
    expect(previewKind({ name: 'legend.txt', content_type: 'text/plain; charset=utf-8' })).toBe('text');
    expect(previewKind({ name: 'a.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe('none');
  });
});

describe('fileTypeLabel', () => {
  it('uses the extension', () => {
    expect(fileTypeLabel({ name: 'Form C _draft.pdf', content_type: 'application/pdf' })).toBe('PDF');
    expect(fileTypeLabel({ name: 'photo.jpeg', content_type: 'image/jpeg' })).toBe('JPG');
    expect(fileTypeLabel({ name: 'README', content_type: 'text/plain' })).toBe('PLAIN');
  });
});

describe('metaFacts', () => {
  it('reads dates as the app writes them, never as ISO strings', () => {
    const facts = Object.fromEntries(metaFacts({ day: '2020-11-23', at: '2020-11-23T20:05:00.123456789Z' }));
    expect(facts['Day']).toBe('Nov 23, 2020');
    expect(facts['At']).toMatch(/^Nov 2[34], 2020, \d{1,2}:05 [AP]M$/);
  });

  it('lists the plain facts with readable labels and skips lists and objects', () => {
    expect(metaFacts({ form_id: 'f1', version: 3, published: true, audience: { hot: 2 }, empty: '', embed_hosts: [] })).toEqual([
      ['Form ID', 'f1'],
      ['Version', '3'],
      ['Published', 'Yes'],
    ]);
    expect(metaFacts(null)).toEqual([]);
  });

  it('joins lists and names offering statuses', () => {
    expect(metaFacts({ embed_hosts: ['harbor.coffee', 'www.harbor.coffee'], status: 'form_c_filed', previous_status: 'testing_the_waters' })).toEqual([
      ['Pages showing any of your forms at the time', 'harbor.coffee, www.harbor.coffee'],
      ['Status', 'Form C filed'],
      ['Previous status', 'Testing the waters'],
    ]);
  });

  it("names a form's own embedding pages, and says when none was recorded yet", () => {
    expect(metaFacts({ embedded_on: ['harborcoffee.example'] })).toEqual([['Embedded on', 'harborcoffee.example']]);
    expect(metaFacts({ embedded_on: [] })).toEqual([['Embedded on', 'No page recorded yet']]);
  });

  it('labels camelCase and snake_case keys', () => {
    expect(metaLabel('legendVersion')).toBe('Legend version');
    expect(metaLabel('public_url')).toBe('Public URL');
    expect(metaLabel('legend_sha256')).toBe('Legend SHA-256');
  });
});

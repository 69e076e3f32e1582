import { describe, expect, it } from 'vitest';
import { importStatusLook, investmentStatusLook, isWorking, matchLook, progressPercent, stepOf } from './status';
import type { ImportStatus } from './types';

const STATUSES: ImportStatus[] = ['uploading', 'reading', 'ready', 'applying', 'applied', 'failed', 'replaced'];

describe('importStatusLook', () => {
  it('names every status for the founder', () => {
    expect(STATUSES.map((status) => importStatusLook(status).label)).toEqual([
      'Uploading',
      'Reading',
      'Ready to import',
      'Importing',
      'Imported',
      'Failed',
      'Replaced by a newer import',
    ]);
    expect(importStatusLook('applied').tone).toBe('green');
    expect(importStatusLook('failed').tone).toBe('red');
  });

  it('shows a status it does not know as it came', () => {
    expect(importStatusLook('archived')).toEqual({ label: 'archived', tone: 'gray' });
  });
});

describe('isWorking', () => {
  it('is true only while the server reads or applies (the page polls then)', () => {
    expect(STATUSES.filter(isWorking)).toEqual(['reading', 'applying']);
    expect(isWorking(null)).toBe(false);
    expect(isWorking(undefined)).toBe(false);
  });
});

describe('progressPercent', () => {
  it('is the whole percent done, never past 100', () => {
    expect(progressPercent({ done: 0, total: 412 })).toBe(0);
    expect(progressPercent({ done: 206, total: 412 })).toBe(50);
    expect(progressPercent({ done: 411, total: 412 })).toBe(99);
    expect(progressPercent({ done: 412, total: 412 })).toBe(100);
    expect(progressPercent({ done: 500, total: 412 })).toBe(100);
  });

  it('is null while the total is not known', () => {
    expect(progressPercent({ done: 0, total: 0 })).toBeNull();
    expect(progressPercent({ done: 3, total: Number.NaN })).toBeNull();
  });
});

describe('stepOf', () => {
  it('puts each status at its step of the page', () => {
    expect(STATUSES.map(stepOf)).toEqual([0, 1, 1, 2, 3, 0, 3]);
    expect(stepOf(null)).toBe(0);
  });
});

describe('row looks', () => {
  it('names the portal status and the match of a row', () => {
    expect(['invested', 'pending', 'cancelled'].map((status) => investmentStatusLook(status).label)).toEqual(['Invested', 'Pending', 'Cancelled']);
    expect(['email', 'confirmed', 'suggested', 'unmatched'].map((kind) => matchLook(kind).label)).toEqual([
      'Matched by e-mail',
      'Confirmed by you',
      'Needs your confirmation',
      'Straight to the portal',
    ]);
  });
});

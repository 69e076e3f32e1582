/**
 * The raise amount as typed: digits only, whole dollars. '750000' → 750000, '1,250,000' →
 * 1250000, '12.6' → 13, '' or anything without digits → null.
 */
export function parseRaiseAmount(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d*)?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned));
  return Number.isSafeInteger(value) ? value : null;
}

/** Keeps a value inside [min, max] (the slider cannot show amounts outside its range). */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

import { DollarSign, Lightbulb, MapPin, TrendingUp } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { insightIcon, insightTone } from './insight-style';

describe('insightIcon', () => {
  it('gives dollar, map-pin and trending-up their own icons', () => {
    expect(insightIcon('dollar')).toBe(DollarSign);
    expect(insightIcon('map-pin')).toBe(MapPin);
    expect(insightIcon('trending-up')).toBe(TrendingUp);
  });

  it('shows the default icon for any other value, inherited object keys included', () => {
    expect(insightIcon('rocket')).toBe(Lightbulb);
    expect(insightIcon('')).toBe(Lightbulb);
    expect(insightIcon('constructor')).toBe(Lightbulb);
  });
});

describe('insightTone', () => {
  it('tints blue, green and amber insights in their colour', () => {
    expect(insightTone('blue')).toContain('bg-blue-50');
    expect(insightTone('green')).toContain('bg-emerald-50');
    expect(insightTone('amber')).toContain('bg-amber-50');
  });

  it('shows any other colour as gray', () => {
    expect(insightTone('purple')).toContain('bg-gray-100');
    expect(insightTone('toString')).toContain('bg-gray-100');
  });
});

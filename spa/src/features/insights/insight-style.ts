import { DollarSign, Lightbulb, MapPin, TrendingUp, type LucideIcon } from 'lucide-react';

/** Spec 3: dollar, map-pin and trending-up have their own icons; anything else the default. */
const ICONS: Record<string, LucideIcon> = { dollar: DollarSign, 'map-pin': MapPin, 'trending-up': TrendingUp };

export function insightIcon(icon: string): LucideIcon {
  return Object.hasOwn(ICONS, icon) ? ICONS[icon]! : Lightbulb;
}

/** The tinted circle behind an insight's icon: blue, green, amber, or gray for anything else. */
const TONES: Record<string, string> = {
  blue: 'bg-blue-50 text-blue-600 ring-blue-100',
  green: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  amber: 'bg-amber-50 text-amber-600 ring-amber-100',
};
const GRAY = 'bg-gray-100 text-gray-600 ring-gray-200';

export function insightTone(color: string): string {
  return Object.hasOwn(TONES, color) ? TONES[color]! : GRAY;
}

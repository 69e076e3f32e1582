/**
 * How lead values read on screen (spec 2, lead rows). Only presentation: the server has
 * already shortened ranges, mapped states and estimated amounts.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A lead's day in the viewer's time zone, like 'Mon 1st' or 'Tue 22nd'. */
export function formatLeadDay(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '—';
  return `${WEEKDAYS[date.getDay()]} ${ordinal(date.getDate())}`;
}

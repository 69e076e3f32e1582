import type { DayCount } from '../api/stats';
import { describeSignups, formatDay, signupBars } from '../signups';

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;
/** A day without sign-ups is still a day: a short grey stub (4 px of the 160 px box), not nothing. */
const ZERO_HEIGHT = 2.5;

/**
 * Sign-ups per day as bars, drawn in SVG (no chart library). Screen readers get one
 * sentence (role img); each bar's title names its day and count on hover.
 */
export function SignupsChart({ days }: { days: DayCount[] }) {
  const bars = signupBars(days, WIDTH, HEIGHT, GAP);
  const max = Math.max(0, ...days.map((day) => day.count));
  const middle = days[Math.floor(days.length / 2)];
  return (
    <div>
      <div className="flex gap-3">
        <div aria-hidden className="flex h-40 w-6 shrink-0 flex-col justify-between text-right text-xs text-gray-500 tabular-nums">
          <span className="-mt-1.5">{max}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <svg
          role="img"
          aria-label={describeSignups(days)}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 min-w-0 flex-1 overflow-visible"
        >
          {[0, 0.5, 1].map((line) => (
            <line
              key={line}
              x1={0}
              x2={WIDTH}
              y1={HEIGHT * line}
              y2={HEIGHT * line}
              vectorEffect="non-scaling-stroke"
              className={line === 1 ? 'stroke-gray-300' : 'stroke-gray-100'}
              strokeDasharray={line === 1 ? undefined : '3 3'}
            />
          ))}
          {bars.map((bar) => (
            <rect
              key={bar.day.date}
              x={bar.x}
              y={HEIGHT - Math.max(bar.height, ZERO_HEIGHT)}
              width={bar.width}
              height={Math.max(bar.height, ZERO_HEIGHT)}
              rx={1}
              className={bar.height > 0 ? 'fill-brand-500 transition-colors hover:fill-brand-700' : 'fill-gray-300'}
            >
              <title>{`${formatDay(bar.day.date)}: ${bar.day.count} ${bar.day.count === 1 ? 'sign-up' : 'sign-ups'}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      {days.length ? (
        <div aria-hidden className="mt-2 ml-9 flex justify-between text-xs text-gray-500">
          <span>{formatDay(days[0]!.date)}</span>
          {middle ? <span>{formatDay(middle.date)}</span> : null}
          <span>{formatDay(days[days.length - 1]!.date)}</span>
        </div>
      ) : null}
    </div>
  );
}

import { useState, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { axisLabels, barSlots, niceCeiling } from '../trends';
import { useElementWidth } from '../use-element-width';

export type ChartBar = {
  key: string;
  /** The axis label ('Sep 7'). */
  label: string;
  value: number;
  /** What the readout line says for this bar ('Week of Sep 7: 3 leads'). */
  readout: string;
  /** The row header of the visually hidden table ('Week of Sep 7'). */
  name: string;
};

/** Drawn in real pixels (see useElementWidth): text keeps its size at every width. */
const HEIGHT = 176;
const PLOT_TOP = 20;
const AXIS = 24;
const PLOT_HEIGHT = HEIGHT - PLOT_TOP - AXIS;
/** Of the labels and values, in px (an SVG attribute: the axis labels are measured for it). */
const FONT_SIZE = 11;
/** Room a value above a bar needs. */
const VALUE_WIDTH = 20;
/** The value axis goes at least this high: a day with 1 lead is a small bar, not a full one. */
const MIN_TOP = 2;

/** Top corners rounded, the foot square on the axis. */
function barPath(x: number, y: number, width: number, height: number) {
  const r = Math.min(4, width / 2, height);
  return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`;
}

/**
 * A small hand-written bar chart (no chart library). Screen readers get one sentence
 * (`label`, role img) and a visually hidden table of every value. Sighted users read the
 * values above the bars where they fit, and a readout line above the chart that names the
 * bar under the pointer or finger (the last bar when none: this week, today), so nothing
 * needs hover on a phone.
 */
export function BarChart({ bars, label, caption, nameHeading }: {
  bars: ChartBar[];
  label: string;
  /** The hidden table's caption. */
  caption: string;
  /** The hidden table's first column ('Week', 'Day'). */
  nameHeading: string;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const top = niceCeiling(Math.max(MIN_TOP, ...bars.map((bar) => bar.value)));
  const slot = bars.length ? width / bars.length : 0;
  const slots = barSlots(bars.map((bar) => bar.value), width, PLOT_HEIGHT, top);
  const labels = axisLabels(slots, bars.map((bar) => bar.label), width);
  const showValues = slot >= VALUE_WIDTH;
  const current = active ?? bars.length - 1;

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    if (!slot) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setActive(Math.min(bars.length - 1, Math.max(0, Math.floor(x / slot))));
  };

  return (
    <figure>
      <p aria-hidden className="mb-3 flex h-5 items-center gap-2 text-sm text-gray-600">
        <span className="size-2 shrink-0 rounded-full bg-brand-600" />
        <span className="truncate tabular-nums">{bars[current]?.readout}</span>
      </p>
      {/* The SVG is drawn at the box's measured width and placed out of flow, so it never holds
          the box open: the box (and with it the chart) narrows with the window as well as widens. */}
      <div ref={ref} className="relative h-44 w-full min-w-0 touch-pan-y select-none">
        {width > 0 ? (
          <svg
            role="img"
            aria-label={label}
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            className="absolute inset-0 block overflow-visible"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={(event) => {
              if (event.pointerType === 'mouse') setActive(null);
            }}
          >
            <g transform={`translate(0 ${PLOT_TOP})`}>
              {[0, 0.5].map((line) => (
                <line key={line} x1={0} x2={width} y1={PLOT_HEIGHT * line} y2={PLOT_HEIGHT * line} strokeDasharray="3 4" className="stroke-gray-200" />
              ))}
              {!showValues ? (
                <text x={0} y={-6} fontSize={FONT_SIZE} className="fill-gray-400 tabular-nums">{top.toLocaleString('en-US')}</text>
              ) : null}
              {slots.map((bar, index) => {
                const value = bars[index]!.value;
                const isCurrent = index === current;
                return (
                  <g key={bars[index]!.key}>
                    {value > 0 ? (
                      <path
                        d={barPath(bar.x, bar.y, bar.width, bar.height)}
                        className={cn('transition-colors', isCurrent ? 'fill-brand-600' : 'fill-brand-500/45')}
                      />
                    ) : (
                      <rect x={bar.x} y={PLOT_HEIGHT - 2} width={bar.width} height={2} rx={1} className="fill-gray-200" />
                    )}
                    {showValues && value > 0 ? (
                      <text
                        x={bar.center}
                        y={bar.y - 6}
                        textAnchor="middle"
                        fontSize={FONT_SIZE}
                        className={cn('font-medium tabular-nums', isCurrent ? 'fill-gray-900' : 'fill-gray-500')}
                      >
                        {value.toLocaleString('en-US')}
                      </text>
                    ) : null}
                  </g>
                );
              })}
              <line x1={0} x2={width} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} className="stroke-gray-300" />
              {labels.map(({ index, x, anchor }) => (
                <text
                  key={bars[index]!.key}
                  x={x}
                  y={PLOT_HEIGHT + 17}
                  textAnchor={anchor}
                  fontSize={FONT_SIZE}
                  className={cn('tabular-nums', index === current ? 'fill-gray-900 font-medium' : 'fill-gray-500')}
                >
                  {bars[index]!.label}
                </text>
              ))}
            </g>
          </svg>
        ) : null}
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeading}</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.name}</th>
              <td>{bar.value.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

// A small hand-written SVG bar chart (issue 19): counts per time bucket (the log histogram) or per day (usage).
// Each bar has a title (hover) and the figure a description for screen readers.
import * as css from './Chart.css.ts';

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps {
  title: string;
  bars: Bar[];
  format: (value: number) => string;
  height?: number;
  /** Labels under the first and last bar. */
  edges?: [string, string];
  /** Width of the drawing in its own units: about the width it is shown at, so its labels keep their size. */
  width?: number;
}

const PAD = { left: 48, right: 8, top: 8, bottom: 20 };

export function BarChart({ title, bars, format, height = 120, edges, width: WIDTH = 600 }: BarChartProps) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const inner = WIDTH - PAD.left - PAD.right;
  const slot = inner / Math.max(1, bars.length);
  const barHeight = (v: number) => (v / max) * (height - PAD.top - PAD.bottom);
  return (
    <figure className={css.figure}>
      <svg className={css.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${title}: ${format(total)} in total, at most ${format(max)} in one bar`}>
        <line className={css.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={height - PAD.bottom} y2={height - PAD.bottom} />
        <text className={css.label} x={PAD.left - 6} y={PAD.top + 8} textAnchor="end">
          {format(total === 0 ? 0 : max)}
        </text>
        <text className={css.label} x={PAD.left - 6} y={height - PAD.bottom} textAnchor="end">
          0
        </text>
        {bars.map((b, i) => (
          <rect
            key={i}
            className={css.bar}
            x={PAD.left + i * slot + slot * 0.1}
            y={height - PAD.bottom - barHeight(b.value)}
            width={Math.max(1, slot * 0.8)}
            height={barHeight(b.value)}
          >
            <title>{`${b.label}: ${format(b.value)}`}</title>
          </rect>
        ))}
        {edges ? (
          <>
            <text className={css.label} x={PAD.left} y={height - 4}>
              {edges[0]}
            </text>
            <text className={css.label} x={WIDTH - PAD.right} y={height - 4} textAnchor="end">
              {edges[1]}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  );
}

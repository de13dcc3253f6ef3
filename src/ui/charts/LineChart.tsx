// A small hand-written SVG line chart (issue 19: no chart library): one or more series over time, an optional
// limit line, the axes' extremes labelled. Values may be null (a gap). The figure carries its own description.
import * as css from './Chart.css.ts';

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

export interface LineChartProps {
  title: string;
  times: Date[];
  series: ChartSeries[];
  format: (value: number) => string;
  limit?: { value: number; label: string };
  height?: number;
  /** Said when there is nothing to draw. */
  emptyText?: string;
}

const WIDTH = 600;
const PAD = { left: 64, right: 12, top: 10, bottom: 22 };

const shortTime = (date: Date, spanMs: number) =>
  spanMs > 36 * 3_600_000
    ? date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
    : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function LineChart({ title, times, series, format, limit, height = 180, emptyText = 'No data in this range yet' }: LineChartProps) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (times.length === 0 || values.length === 0) {
    return (
      <figure className={css.figure} aria-label={title}>
        <p className={css.empty}>{emptyText}</p>
      </figure>
    );
  }
  const max = Math.max(...values, limit?.value ?? 0) * 1.1 || 1;
  const t0 = times[0]!.getTime();
  const t1 = times[times.length - 1]!.getTime();
  const span = Math.max(1, t1 - t0);
  const x = (t: Date) => PAD.left + ((t.getTime() - t0) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / max) * (height - PAD.top - PAD.bottom);
  const path = (s: ChartSeries) => {
    let d = '';
    let pen = false;
    s.values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(times[i]!).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const latest = series.map((s) => [...s.values].reverse().find((v) => v !== null) ?? null);
  const description = series.map((s, i) => `${s.label}: ${latest[i] === null ? 'no data' : format(latest[i]!)}`).join('; ');
  return (
    <figure className={css.figure}>
      <svg className={css.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${title}. Latest ${description}`}>
        <line className={css.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={height - PAD.bottom} y2={height - PAD.bottom} />
        <line className={css.gridLine} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max / 1.1)} y2={y(max / 1.1)} />
        <text className={css.label} x={PAD.left - 6} y={y(max / 1.1) + 4} textAnchor="end">
          {format(max / 1.1)}
        </text>
        <text className={css.label} x={PAD.left - 6} y={height - PAD.bottom + 4} textAnchor="end">
          {format(0)}
        </text>
        <text className={css.label} x={PAD.left} y={height - 4}>
          {shortTime(times[0]!, span)}
        </text>
        <text className={css.label} x={WIDTH - PAD.right} y={height - 4} textAnchor="end">
          {shortTime(times[times.length - 1]!, span)}
        </text>
        {limit ? <line className={css.limit} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(limit.value)} y2={y(limit.value)} /> : null}
        {series.map((s) => (
          <path key={s.label} d={path(s)} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />
        ))}
        {series.map((s) =>
          s.values.map((v, i) =>
            v !== null && (s.values.length === 1 || (s.values[i - 1] ?? null) === null) && (s.values[i + 1] ?? null) === null ? (
              <circle key={`${s.label}-${i}`} cx={x(times[i]!)} cy={y(v)} r={3} fill={s.color} />
            ) : null,
          ),
        )}
      </svg>
      <ul className={css.legend}>
        {series.map((s, i) => (
          <li key={s.label}>
            <span className={css.swatch} style={{ background: s.color }} aria-hidden="true" />
            {s.label}: {latest[i] === null ? '—' : format(latest[i]!)}
          </li>
        ))}
        {limit ? (
          <li>
            <span className={css.swatch} style={{ background: 'transparent', border: '1px dashed currentColor' }} aria-hidden="true" />
            {limit.label}: {format(limit.value)}
          </li>
        ) : null}
      </ul>
    </figure>
  );
}

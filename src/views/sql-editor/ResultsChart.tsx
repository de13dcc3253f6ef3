// A two-column numeric result drawn as a line chart (issue 14 "results as a chart"): plain SVG, no chart library.
// The points come from chartSeries (src/domain/sql-results.ts); they are drawn in the order of the rows, so an
// `order by` decides the line. The figure is described for screen readers by its axes and extent.
import type { ChartSeries } from '../../domain/sql-results.ts';

const WIDTH = 640;
const HEIGHT = 280;
const PAD = { left: 64, right: 16, top: 16, bottom: 40 };

const extent = (values: number[]): [number, number] => {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? [min - 1, max + 1] : [min, max];
};
const label = (value: number) => (Math.abs(value) >= 1e6 || (value !== 0 && Math.abs(value) < 1e-3) ? value.toExponential(2) : String(Number(value.toPrecision(6))));

export function ResultsChart({ series }: { series: ChartSeries }) {
  const [x0, x1] = extent(series.points.map((p) => p.x));
  const [y0, y1] = extent(series.points.map((p) => p.y));
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0)) * (WIDTH - PAD.left - PAD.right);
  const sy = (y: number) => HEIGHT - PAD.bottom - ((y - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  const path = series.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  const description = `${series.y} by ${series.x}: ${series.points.length} points, ${series.x} from ${label(x0)} to ${label(x1)}, ${series.y} from ${label(y0)} to ${label(y1)}.`;
  return (
    <figure style={{ margin: 0, padding: 12 }} data-testid="results-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" style={{ maxWidth: WIDTH }} role="img" aria-label={description}>
        <line x1={PAD.left} y1={HEIGHT - PAD.bottom} x2={WIDTH - PAD.right} y2={HEIGHT - PAD.bottom} stroke="currentColor" strokeOpacity={0.5} />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} stroke="currentColor" strokeOpacity={0.5} />
        {[y0, (y0 + y1) / 2, y1].map((y) => (
          <text key={`y${y}`} x={PAD.left - 6} y={sy(y) + 4} textAnchor="end" fontSize={11} fill="currentColor">
            {label(y)}
          </text>
        ))}
        {[x0, (x0 + x1) / 2, x1].map((x) => (
          <text key={`x${x}`} x={sx(x)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
            {label(x)}
          </text>
        ))}
        <text x={(PAD.left + WIDTH - PAD.right) / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={12} fill="currentColor">
          {series.x}
        </text>
        <path d={path} fill="none" stroke="#249361" strokeWidth={2} />
        {series.points.length <= 200
          ? series.points.map((p, i) => <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={3} fill="#249361" />)
          : null}
      </svg>
      <figcaption style={{ fontSize: 12 }}>{`${series.y} by ${series.x}`}</figcaption>
    </figure>
  );
}

// One small icon per relation kind (spec B3 relkinds), drawn on the design system's 24×24 stroke grid. Decorative:
// the entry around it names the type for screen readers.
import type { TableTabType } from '../../../domain/editor-tabs.ts';

const PATHS: Record<TableTabType, string> = {
  // table: a grid
  r: 'M3 5h18v14H3zM3 10h18M3 15h18M9 5v14',
  // view: an eye
  v: 'M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  // materialized view: an eye over a stored layer
  m: 'M3 10s3-5 9-5 9 5 9 5-3 5-9 5-9-5-9-5zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM4 19h16',
  // foreign table: a grid with an outward arrow
  f: 'M3 5h12v14H3zM3 10h12M3 15h12M9 5v14M17 12h5M19 9l3 3-3 3',
  // partitioned table: stacked slices
  p: 'M3 4h18v4H3zM3 10h18v4H3zM3 16h18v4H3z',
};

export function TableTypeIcon({ type, size = 14 }: { type: TableTabType; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" data-type={type}>
      <path d={PATHS[type]} />
    </svg>
  );
}

// The SQL editor's results as files and as a chart (issue 14 "What a professional expects": download results as
// CSV/JSON/Markdown, a chart for two-column numeric results). Pure: the view saves the text and draws the points.
import { cellText, resultColumns, resultsToCsv, resultsToJson } from './sql-editor.ts';

export type ResultFormat = 'csv' | 'json' | 'markdown';

/** A Markdown cell: `|` would end the cell and a line break the row, so both are escaped. */
const markdownCell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, '<br>');

/** A GitHub-flavoured Markdown table with the result's columns as its header. */
export function resultsToMarkdown(rows: readonly Record<string, unknown>[]): string {
  const columns = resultColumns(rows);
  if (columns.length === 0) return '';
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns.map(markdownCell)),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map((column) => markdownCell(cellText(row[column]))))),
  ].join('\n') + '\n';
}

export const RESULT_FORMATS: Record<ResultFormat, { label: string; extension: string; type: string; serialise: (rows: readonly Record<string, unknown>[]) => string }> = {
  csv: { label: 'CSV', extension: 'csv', type: 'text/csv', serialise: resultsToCsv },
  json: { label: 'JSON', extension: 'json', type: 'application/json', serialise: resultsToJson },
  markdown: { label: 'Markdown', extension: 'md', type: 'text/markdown', serialise: resultsToMarkdown },
};

/** A number as Postgres sends it: numbers, and numeric/bigint as decimal strings (they can exceed 2^53). */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export interface ChartSeries {
  x: string;
  y: string;
  points: Array<{ x: number; y: number }>;
}

/**
 * The points to chart when the result has exactly two columns whose every value is a number (nulls left out, at
 * least two points); null otherwise, and the results stay a grid only.
 */
export function chartSeries(rows: readonly Record<string, unknown>[]): ChartSeries | null {
  const columns = resultColumns(rows);
  if (columns.length !== 2) return null;
  const [x, y] = columns as [string, string];
  const points: Array<{ x: number; y: number }> = [];
  for (const row of rows) {
    if (row[x] === null || row[y] === null) continue;
    const px = numeric(row[x]);
    const py = numeric(row[y]);
    if (px === null || py === null) return null;
    points.push({ x: px, y: py });
  }
  return points.length >= 2 ? { x, y, points } : null;
}

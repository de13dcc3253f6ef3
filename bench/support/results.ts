// Result files and the printed table shared by every benchmark: bench/results/<name>.json holds
// {name, date, machine, runs, figures, budget, ratio}, ratio = figure (the median) / budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = dirname(BENCH_DIR);
export const RESULTS_DIR = join(BENCH_DIR, 'results');

export type Unit = 'bytes' | 'ms' | 'MB';

/** One measured quantity over its runs. */
export interface Figure {
  unit: Unit;
  min: number;
  median: number;
  max: number;
  /** Every sample, in the order measured. */
  samples: number[];
  /** What exactly was measured, when the name alone does not say it. */
  note?: string;
}

export interface Machine {
  cpus: number;
  memGB: number;
  node: string;
}

export interface BenchResult {
  name: string;
  date: string;
  machine: Machine;
  /** How many runs each figure was measured over (figures may say otherwise in `samples`). */
  runs: number;
  figures: Record<string, Figure>;
  /** Budgets, in the unit of the figure of the same name; figures without a budget are informative. */
  budget: Record<string, number>;
  /** figure.median / budget, for every figure that has a budget (below 1 is within budget). */
  ratio: Record<string, number>;
  /** Anything else worth keeping (per-route script lists, build chunks, notes). */
  details?: Record<string, unknown>;
}

export function machine(): Machine {
  return {
    cpus: cpus().length,
    memGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number, unit: Unit) => (unit === 'bytes' ? Math.round(value) : Math.round(value * 10) / 10);

export function figure(unit: Unit, samples: number[], note?: string): Figure {
  if (samples.length === 0) throw new Error('a figure needs at least one sample');
  return {
    unit,
    min: round(Math.min(...samples), unit),
    median: round(median(samples), unit),
    max: round(Math.max(...samples), unit),
    samples: samples.map((sample) => round(sample, unit)),
    ...(note ? { note } : {}),
  };
}

export function result(
  name: string,
  runs: number,
  figures: Record<string, Figure>,
  budget: Record<string, number>,
  details?: Record<string, unknown>,
): BenchResult {
  const ratio: Record<string, number> = {};
  for (const [key, limit] of Object.entries(budget)) {
    const measured = figures[key];
    if (measured) ratio[key] = Math.round((measured.median / limit) * 1000) / 1000;
  }
  return { name, date: new Date().toISOString(), machine: machine(), runs, figures, budget, ratio, ...(details ? { details } : {}) };
}

export function writeResult(res: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${res.name}.json`);
  writeFileSync(file, `${JSON.stringify(res, null, 2)}\n`);
  return file;
}

function show(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '-';
  if (unit === 'bytes') return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${value} B`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  return `${value.toFixed(value >= 100 ? 0 : 1)} ms`;
}

/** Prints the compact table: figure, min, median, max, budget, ratio. */
export function printTable(res: BenchResult): void {
  const header = ['figure', 'min', 'median', 'max', 'budget', 'ratio'];
  const rows = Object.entries(res.figures).map(([key, f]) => {
    const limit = res.budget[key];
    const ratio = res.ratio[key];
    return [
      key,
      show(f.min, f.unit),
      show(f.median, f.unit),
      show(f.max, f.unit),
      limit === undefined ? '' : show(limit, f.unit),
      ratio === undefined ? '' : `${ratio.toFixed(2)}${ratio > 1 ? ' OVER' : ''}`,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const { cpus: cores, memGB, node } = res.machine;
  console.log(`\n${res.name}  (${res.runs} run${res.runs === 1 ? '' : 's'}; ${cores} CPUs, ${memGB} GB, node ${node})`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Elapsed milliseconds since `start` (a performance.now() reading). */
export const since = (start: number) => performance.now() - start;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The machines to draw: exactly those `stately.json` lists (issue 26), each imported from its own file, so a chart
// is always the machine the console runs. The caller supplies the import (Vite's glob in the dev viewer, Node's
// dynamic import in the static export and the tests), because the two worlds resolve modules differently.
import type { AnyStateMachine } from 'xstate';
import stately from '../../../stately.json';
import { chartModel, type ChartModel } from './model.ts';

export interface StatelyEntry {
  id: string;
  file: string;
  export: string;
  spec: string;
}

export interface MachineChart {
  entry: StatelyEntry;
  machine: AnyStateMachine;
  model: ChartModel;
}

export const STATELY_ENTRIES: readonly StatelyEntry[] = stately.machines;

export type ModuleImporter = (file: string) => Promise<Record<string, unknown>>;

export async function loadCharts(importModule: ModuleImporter, entries: readonly StatelyEntry[] = STATELY_ENTRIES): Promise<MachineChart[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const module = await importModule(entry.file);
      const machine = module[entry.export] as AnyStateMachine | undefined;
      if (!machine || typeof machine !== 'object' || !('root' in machine)) {
        throw new Error(`stately.json: ${entry.file} has no machine export '${entry.export}'`);
      }
      return { entry, machine, model: chartModel(machine) };
    }),
  );
}

/** The spec sections of an entry (`"A4.1, A2.8, C9"`) with the spec file each lives in (A§, B§, C§). */
export function specLinks(spec: string): Array<{ section: string; file: string }> {
  const files: Record<string, string> = { A: '1-console-shell.md', B: '2-data-tools.md', C: '3-constants.md' };
  return spec
    .split(',')
    .map((section) => section.trim())
    .filter(Boolean)
    .map((section) => ({ section, file: files[section[0] ?? ''] ?? '' }));
}

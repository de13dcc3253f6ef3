// CSV import machine (issue 6): examples, generated paths with coverage, properties over random import runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { csvImportMachine, type CsvBatch, type CsvImportInput } from '../machines/csv-import.machine.ts';
import {
  selectBatchesInFlight,
  selectCsvTypes,
  selectError,
  selectHeaders,
  selectIsCancelling,
  selectMapping,
  selectMappingProblem,
  selectPreviewRows,
  selectProgress,
  selectRejected,
  selectRowsInserted,
  selectStep,
} from '../machines/csv-import.selectors.ts';
import { CSV_MAX_REJECTED_ROWS, type LineError } from '../src/domain/table-editor/csv.ts';
import type { ColumnInfo } from '../src/domain/table-editor/types.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

type Snap = SnapshotFrom<typeof csvImportMachine>;

const column = (name: string, format = 'text', extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  table_id: 1, schema: 'public', table: 'people', id: `1.${name}`, ordinal_position: 1, name, default_value: null,
  data_type: format, format, is_identity: false, identity_generation: null, is_generated: false, is_nullable: true,
  is_updatable: true, is_unique: false, enums: [], check: null, comment: null, ...extra,
});
const input: CsvImportInput = {
  schema: 'public',
  table: 'people',
  columns: [column('id', 'int8', { is_identity: true, identity_generation: 'ALWAYS' }), column('Name'), column('meta', 'jsonb'), column('full', 'text', { is_generated: true })],
};
const file = { name: 'people.csv', size: 1000 };
const preview = { rows: [['ID', 'name', 'extra'], ['1', 'Ada', 'x'], ['2', 'Bob', 'y']] };
const batch = (bytesRead: number, lines = [2]): CsvBatch => ({ csv: new Blob(['1\n']), lines, bytesRead });
const errors = (count: number, from = 2): LineError[] => Array.from({ length: count }, (_, i) => ({ line: from + i, message: 'bad' }));
const kinds = { previewFile: 'promise', parseFile: 'callback', insertBatch: 'promise' } as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(csvImportMachine.provide({ actors: fakes.logic }), { input }).start();
  return { actor, fakes };
}

async function toMapping() {
  const started = start();
  started.actor.send({ type: 'file.choose', file });
  await started.fakes.resolve('previewFile', preview);
  return started;
}

describe('csv-import machine: examples', () => {
  it('previews the file, maps columns by name case-insensitively, and shows types', async () => {
    const { actor, fakes } = start();
    expect(selectStep(actor.getSnapshot())).toBe('choosing');
    actor.send({ type: 'file.choose', file });
    expect(selectStep(actor.getSnapshot())).toBe('previewing');
    expect(fakes.starts('previewFile')[0]?.input).toEqual({ file });
    await fakes.resolve('previewFile', preview);
    const s = actor.getSnapshot();
    expect(selectStep(s)).toBe('mapping');
    expect(selectHeaders(s)).toEqual(['ID', 'name', 'extra']);
    expect(selectMapping(s)).toEqual(['id', 'Name', null]);
    expect(selectPreviewRows(s)).toEqual([['1', 'Ada', 'x'], ['2', 'Bob', 'y']]);
    expect(selectCsvTypes(s)).toEqual(['integer', 'text', 'text']);
    actor.send({ type: 'header.toggle' });
    expect(selectHeaders(actor.getSnapshot())).toEqual(['column_1', 'column_2', 'column_3']);
    expect(selectMapping(actor.getSnapshot())).toEqual([null, null, null]);
    expect(selectMappingProblem(actor.getSnapshot())).toBe('Map at least one CSV column to a table column');
    actor.send({ type: 'import.start' });
    expect(selectStep(actor.getSnapshot())).toBe('mapping');
    actor.send({ type: 'mapping.set', index: 1, column: 'Name' });
    actor.send({ type: 'mapping.set', index: 2, column: 'Name' });
    expect(selectMappingProblem(actor.getSnapshot())).toBe('Column Name is mapped more than once');
  });

  it('imports batch by batch, one insert at a time with one more parsed, up to done', async () => {
    const { actor, fakes } = await toMapping();
    actor.send({ type: 'import.start' });
    expect(fakes.starts('parseFile')[0]?.input).toMatchObject({ file, header: true, mapping: ['id', 'Name', null], jsonColumns: ['meta'] });
    fakes.emit('parseFile', { type: 'parse.batch', batch: batch(400) });
    expect(fakes.received('parseFile')).toEqual([{ type: 'parser.next' }]);
    expect(fakes.starts('insertBatch')[0]?.input).toMatchObject({ columns: ['id', 'Name'], overridingSystemValue: true, stopAfter: CSV_MAX_REJECTED_ROWS });
    fakes.emit('parseFile', { type: 'parse.batch', batch: batch(800, [3]) });
    fakes.emit('parseFile', { type: 'parse.end', bytesRead: 1000 });
    expect(fakes.received('parseFile')).toHaveLength(1); // nothing more asked while one batch waits
    expect(selectProgress(actor.getSnapshot())).toBe(0);
    await fakes.resolve('insertBatch', { inserted: 1, rejected: [] });
    expect(selectProgress(actor.getSnapshot())).toBe(40);
    expect(fakes.starts('insertBatch')).toHaveLength(2);
    await fakes.resolve('insertBatch', { inserted: 0, rejected: [{ line: 3, message: 'duplicate key' }] });
    const s = actor.getSnapshot();
    expect(selectStep(s)).toBe('done');
    expect(selectProgress(s)).toBe(100);
    expect(selectRowsInserted(s)).toBe(1);
    expect(selectRejected(s)).toEqual([{ line: 3, message: 'duplicate key' }]);
    expect(fakes.isRunning('parseFile')).toBe(false);
  });

  it('a cancel waits for the batch being inserted, then stops the parser', async () => {
    const { actor, fakes } = await toMapping();
    actor.send({ type: 'import.start' });
    fakes.emit('parseFile', { type: 'parse.batch', batch: batch(500) });
    actor.send({ type: 'import.cancel' });
    expect(selectIsCancelling(actor.getSnapshot())).toBe(true);
    expect(selectBatchesInFlight(actor.getSnapshot())).toBe(1);
    await fakes.resolve('insertBatch', { inserted: 1, rejected: [] });
    expect(selectStep(actor.getSnapshot())).toBe('cancelled');
    expect(selectRowsInserted(actor.getSnapshot())).toBe(1);
    expect(fakes.running()).toEqual([]);
    actor.send({ type: 'import.reset' });
    expect(selectStep(actor.getSnapshot())).toBe('choosing');
  });

  it('stops after too many refused rows, and on a failed batch or parser, saying why', async () => {
    const { actor, fakes } = await toMapping();
    actor.send({ type: 'import.start' });
    fakes.emit('parseFile', { type: 'parse.rejected', errors: errors(CSV_MAX_REJECTED_ROWS) });
    expect(selectStep(actor.getSnapshot())).toBe('failed');
    expect(selectError(actor.getSnapshot())).toBe(`Stopped after ${CSV_MAX_REJECTED_ROWS} rows were refused`);
    actor.send({ type: 'import.reset' });
    actor.send({ type: 'file.choose', file });
    await fakes.resolve('previewFile', preview);
    actor.send({ type: 'import.start' });
    fakes.emit('parseFile', { type: 'parse.batch', batch: batch(10) });
    await fakes.reject('insertBatch', new Error('permission denied for table people'));
    expect(selectError(actor.getSnapshot())).toBe('permission denied for table people');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
  });

  it('says when the file is empty or unreadable', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'file.choose', file });
    await fakes.resolve('previewFile', { rows: [] });
    expect(selectError(actor.getSnapshot())).toBe('The file is empty');
    actor.send({ type: 'file.choose', file });
    await fakes.reject('previewFile', new Error('NotReadableError'));
    expect(selectError(actor.getSnapshot())).toBe('Could not read the file: NotReadableError');
    expect(selectStep(actor.getSnapshot())).toBe('choosing');
  });

  it('the default actors are loud stubs', async () => {
    for (const name of ['previewFile', 'parseFile', 'insertBatch'] as const) {
      const logic = csvImportMachine.implementations.actors[name] as AnyActorLogic;
      const errors: unknown[] = [];
      const child = createActor(logic, { input: {} });
      child.subscribe({ error: (error) => errors.push(error) });
      child.start();
      await new Promise((r) => setTimeout(r, 0));
      expect(String(errors[0])).toMatch(/actor is not provided/);
    }
  });
});

const notImporting = (s: Snap, actors: { isRunning(id: string): boolean } | undefined) => {
  expect(actors?.isRunning('parseFile')).toBe(false);
  expect(actors?.isRunning('insertBatch')).toBe(false);
  expect(s.context.inFlight).toBeNull();
};
const invariants: Invariants<typeof csvImportMachine> = {
  '*': (s) => {
    expect(selectProgress(s)).toBeGreaterThanOrEqual(0);
    expect(selectProgress(s)).toBeLessThanOrEqual(100);
  },
  choosing: (s, { actors }) => {
    notImporting(s, actors);
    expect(s.context.file).toBeNull();
  },
  previewing: (s, { actors }) => expect(actors?.isRunning('previewFile')).toBe(true),
  mapping: (s, { actors }) => {
    notImporting(s, actors);
    expect(s.context.previewRows.length).toBeGreaterThan(0);
  },
  importing: (s, { actors }) => expect(actors?.isRunning('parseFile')).toBe(true),
  'importing.waiting': (s, { actors }) => {
    expect(actors?.isRunning('insertBatch')).toBe(false);
    expect(s.context.pending).toBeNull();
  },
  'importing.inserting': (s, { actors }) => {
    expect(actors?.isRunning('insertBatch')).toBe(true);
    expect(s.context.inFlight).not.toBeNull();
  },
  done: (s, { actors }) => {
    notImporting(s, actors);
    expect(selectProgress(s)).toBe(100);
  },
  failed: (s, { actors }) => {
    notImporting(s, actors);
    expect(s.context.error).toBeTruthy();
  },
  cancelled: (s, { actors }) => notImporting(s, actors),
};

const events: Array<EventSample<typeof csvImportMachine>> = [
  { type: 'file.choose', file },
  { type: 'header.toggle' },
  { type: 'mapping.set', index: 0, column: null },
  { type: 'mapping.set', index: 0, column: 'id' },
  { type: 'import.start' },
  { type: 'import.cancel' },
  { type: 'import.reset' },
  { type: 'parse.batch', batch: batch(500) },
  { type: 'parse.rejected', errors: errors(1) },
  { type: 'parse.rejected', errors: errors(CSV_MAX_REJECTED_ROWS) },
  { type: 'parse.end', bytesRead: 1000 },
  { type: 'parse.failed', message: 'The file could not be read' },
  { type: 'xstate.done.actor.previewFile', output: preview },
  { type: 'xstate.done.actor.previewFile', output: { rows: [] } },
  { type: 'xstate.error.actor.previewFile', error: new Error('unreadable') },
  { type: 'xstate.done.actor.insertBatch', output: { inserted: 1, rejected: [] } },
  { type: 'xstate.done.actor.insertBatch', output: { inserted: 0, rejected: errors(CSV_MAX_REJECTED_ROWS) } },
  { type: 'xstate.error.actor.insertBatch', error: new Error('permission denied') },
];

describeMachinePaths('csv-import machine: generated paths', csvImportMachine, {
  actors: controlledActors(kinds),
  input,
  events,
  invariants,
  simplePaths: false,
  // Counters and byte counts would make the graph infinite: the shape that guards read is kept.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      file: s.context.file !== null,
      header: s.context.header,
      canStart: selectMappingProblem(s) === null,
      inFlight: s.context.inFlight !== null,
      pending: s.context.pending !== null,
      parsed: s.context.parsed,
      cancel: s.context.cancelRequested,
      rejected: s.context.rejected.length >= CSV_MAX_REJECTED_ROWS ? 'full' : s.context.rejected.length > 0 ? 'some' : 'none',
    }),
  maxPaths: 1500,
});

describe('csv-import machine: properties', () => {
  type Step = 'batch' | 'end' | 'resolve' | 'refuseSome' | 'rejectBatch' | 'parseRejected' | 'cancel';
  const step = fc.constantFrom<Step>('batch', 'batch', 'end', 'resolve', 'resolve', 'refuseSome', 'rejectBatch', 'parseRejected', 'cancel');

  it('progress never decreases nor passes 100 %; one insert at a time; every run ends with nothing in flight', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const { actor, fakes } = await toMapping();
        actor.send({ type: 'import.start' });
        let bytes = 0;
        let ended = false;
        let last = 0;
        for (const s of steps) {
          if (s === 'batch' && !ended && fakes.isRunning('parseFile')) fakes.emit('parseFile', { type: 'parse.batch', batch: batch((bytes += 37)) });
          if (s === 'end' && !ended && fakes.isRunning('parseFile')) {
            ended = true;
            fakes.emit('parseFile', { type: 'parse.end', bytesRead: file.size });
          }
          if (s === 'parseRejected' && fakes.isRunning('parseFile')) fakes.emit('parseFile', { type: 'parse.rejected', errors: errors(30) });
          if (s === 'resolve' && fakes.isRunning('insertBatch')) await fakes.resolve('insertBatch', { inserted: 1, rejected: [] });
          if (s === 'refuseSome' && fakes.isRunning('insertBatch')) await fakes.resolve('insertBatch', { inserted: 0, rejected: errors(40) });
          if (s === 'rejectBatch' && fakes.isRunning('insertBatch')) await fakes.reject('insertBatch', new Error('lost connection'));
          if (s === 'cancel') actor.send({ type: 'import.cancel' });
          const snap = actor.getSnapshot();
          const progress = selectProgress(snap);
          expect(progress).toBeGreaterThanOrEqual(last);
          expect(progress).toBeLessThanOrEqual(100);
          last = progress;
          expect(selectBatchesInFlight(snap)).toBeLessThanOrEqual(1);
          expect(fakes.running().filter((id) => id === 'insertBatch').length).toBeLessThanOrEqual(1);
          expect(selectRejected(snap).length).toBeLessThanOrEqual(CSV_MAX_REJECTED_ROWS);
        }
        actor.send({ type: 'import.cancel' });
        if (fakes.isRunning('insertBatch')) await fakes.resolve('insertBatch', { inserted: 1, rejected: [] });
        const end = actor.getSnapshot();
        expect(['cancelled', 'done', 'failed']).toContain(selectStep(end));
        expect(fakes.running()).toEqual([]);
        expect(selectBatchesInFlight(end)).toBe(0);
        expect(end.context.inFlight).toBeNull();
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

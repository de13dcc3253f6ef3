// The disk form with its cooldown (issue 20, spec B2.9, B4, B5, B8): examples and generated paths.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { diskFormMachine, NO_DISK_CHANGES } from '../machines/disk-form.machine.ts';
import {
  selectDiskCoolingDown,
  selectDiskDraft,
  selectDiskEditable,
  selectDiskError,
  selectDiskSaved,
  selectDiskSaving,
} from '../machines/disk-form.selectors.ts';
import type { DiskAttributes } from '../src/domain/disk.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample } from './support/paths.ts';

const DISK: DiskAttributes = { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 };
const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3600_000;
const kinds = { updateDisk: 'promise' } as const;

function start(lastModifiedAt: string | null = null) {
  const fakes = controlledActors(kinds);
  const actor = createActor(diskFormMachine.provide({ actors: fakes.logic }), {
    input: { ref: 'abc', disk: DISK, lastModifiedAt, computeSize: 'ci_micro', now: NOW },
  }).start();
  return { actor, fakes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('disk-form machine', () => {
  it('sends the edited attributes, then holds the form for the 6 h cooldown and opens it again', async () => {
    vi.useFakeTimers();
    const { actor, fakes } = start();
    const saved: string[] = [];
    actor.on('disk.saved', (event) => saved.push(`${event.disk.size_gb}`));
    expect(selectDiskEditable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'disk.edit', patch: { size_gb: 12 } });
    actor.send({ type: 'disk.edit', patch: { throughput_mbps: 250 } });
    actor.send({ type: 'disk.submit' });
    expect(selectDiskSaving(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('updateDisk')[0]?.input).toEqual({ ref: 'abc', attributes: { type: 'gp3', size_gb: 12, iops: 3000, throughput_mbps: 250 } });
    const after = { type: 'gp3' as const, size_gb: 12, iops: 3000, throughput_mbps: 250 };
    await fakes.resolve('updateDisk', { attributes: after, last_modified_at: new Date(NOW).toISOString() });
    expect(selectDiskCoolingDown(actor.getSnapshot())).toBe(true);
    expect(selectDiskSaved(actor.getSnapshot())).toEqual(after);
    expect(saved).toEqual(['12']);
    // Edits inside the cooldown do nothing.
    actor.send({ type: 'disk.edit', patch: { size_gb: 20 } });
    expect(selectDiskDraft(actor.getSnapshot()).size_gb).toBe(12);
    vi.advanceTimersByTime(6 * HOUR - 1000);
    expect(selectDiskCoolingDown(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(selectDiskEditable(actor.getSnapshot())).toBe(true);
  });

  it('starts in the cooldown when the disk changed less than 6 h ago, for what is left of it', () => {
    vi.useFakeTimers();
    const { actor } = start(new Date(NOW - 5 * HOUR).toISOString());
    expect(selectDiskCoolingDown(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(HOUR - 1000);
    expect(selectDiskCoolingDown(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(selectDiskEditable(actor.getSnapshot())).toBe(true);
    expect(selectDiskEditable(start(new Date(NOW - 7 * HOUR).toISOString()).actor.getSnapshot())).toBe(true);
  });

  it('refuses unchanged and out-of-limit attributes without calling the platform', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'disk.submit' });
    expect(selectDiskError(actor.getSnapshot())).toBe(NO_DISK_CHANGES);
    actor.send({ type: 'disk.edit', patch: { size_gb: 4 } });
    actor.send({ type: 'disk.submit' });
    expect(selectDiskError(actor.getSnapshot())).toBe('Disk size cannot be reduced below the current 8 GB');
    actor.send({ type: 'disk.edit', patch: { size_gb: 10, iops: 5000 } });
    actor.send({ type: 'disk.submit' });
    expect(selectDiskError(actor.getSnapshot())).toBe('IOPS cannot exceed 3000 on this compute size');
    expect(fakes.starts('updateDisk')).toHaveLength(0);
  });

  it('switching to io2 drops throughput; back to gp3 brings the included 125 MBps', () => {
    const { actor } = start();
    actor.send({ type: 'disk.edit', patch: { type: 'io2', iops: 1500 } });
    expect(selectDiskDraft(actor.getSnapshot())).toEqual({ type: 'io2', size_gb: 8, iops: 1500, throughput_mbps: null });
    actor.send({ type: 'disk.edit', patch: { type: 'gp3', iops: 3000 } });
    expect(selectDiskDraft(actor.getSnapshot())).toEqual({ type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 });
  });

  it("says 'Failed to update disk attributes: {msg}' and keeps the draft", async () => {
    const { actor, fakes } = start();
    const failed: string[] = [];
    actor.on('disk.failed', (event) => failed.push(event.message));
    actor.send({ type: 'disk.edit', patch: { size_gb: 10 } });
    actor.send({ type: 'disk.submit' });
    await fakes.reject('updateDisk', new Error('The disk was changed less than 6 hours ago'));
    expect(selectDiskError(actor.getSnapshot())).toBe('Failed to update disk attributes: The disk was changed less than 6 hours ago');
    expect(failed).toEqual(['Failed to update disk attributes: The disk was changed less than 6 hours ago']);
    expect(selectDiskDraft(actor.getSnapshot()).size_gb).toBe(10);
  });
});

// Generated paths: every state and transition, with the invariant of each state.
type Snap = SnapshotFrom<typeof diskFormMachine>;
const recent = new Date(NOW - HOUR).toISOString();
const events: EventSample<typeof diskFormMachine>[] = [
  { type: 'disk.edit', patch: { size_gb: 10 } },
  { type: 'disk.edit', patch: { size_gb: 0 } },
  { type: 'disk.discard' },
  { type: 'disk.submit' },
  { type: 'disk.loaded', disk: DISK, lastModifiedAt: recent, now: NOW },
  { type: 'disk.loaded', disk: DISK, lastModifiedAt: null, now: NOW },
  { type: 'xstate.done.actor.updateDisk', output: { attributes: { ...DISK, size_gb: 10 }, last_modified_at: new Date(NOW).toISOString() } },
  { type: 'xstate.error.actor.updateDisk', error: new Error('boom') },
  { type: 'xstate.after.cooldownEnds.diskForm.coolingDown' },
];

const required = [
  'starting --(always)--> coolingDown',
  'starting --(always)--> editing',
  'editing --disk.submit--> saving',
  'editing --disk.submit--> editing.invalid',
  'saving --xstate.done.actor.updateDisk--> coolingDown',
  'saving --xstate.error.actor.updateDisk--> editing.failed',
  'coolingDown --xstate.after.cooldownEnds.diskForm.coolingDown--> editing',
];

describeMachinePaths('disk-form machine: generated paths', diskFormMachine, {
  actors: controlledActors(kinds),
  input: { ref: 'abc', disk: DISK, lastModifiedAt: null, computeSize: 'ci_micro', now: NOW },
  events,
  required,
  simplePaths: false,
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, draft: s.context.draft.size_gb, saved: s.context.saved.size_gb, cooling: s.context.cooldownMs > 0, error: s.context.error }),
  invariants: {
    editing: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(selectDiskCoolingDown(s)).toBe(false);
      expect(selectDiskEditable(s)).toBe(true);
    },
    'editing.ready': (s) => expect(s.context.error).toBeNull(),
    'editing.invalid': (s) => expect(selectDiskError(s)).not.toBeNull(),
    'editing.failed': (s) => expect(selectDiskError(s)).toMatch(/^Failed to update disk attributes: /),
    saving: (s, { actors }) => {
      expect(actors?.running()).toEqual(['updateDisk']);
      expect(selectDiskSaving(s)).toBe(true);
      expect(s.context.error).toBeNull();
    },
    coolingDown: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(s.context.cooldownMs).toBeGreaterThan(0);
      expect(selectDiskEditable(s)).toBe(false);
      // Nothing pending: what the form shows is what the platform holds.
      expect(s.context.draft).toEqual(s.context.saved);
    },
  },
});

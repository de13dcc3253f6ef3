// The disk form of Compute and Disk (issue 20, spec B2.9, B4, B5, B7, B8): the disk's type, size, IOPS and
// throughput (gp3 only) edited within the per-type and per-compute limits, saved with POST /disk, and the 6 h
// cooldown from last_modified_at during which no change is possible. The cooldown is a state with a delayed exit:
// the view shows the time remaining, and the form opens by itself when it ends.
//
// editing.ready ──disk.submit──► saving ──done──► coolingDown ──after cooldownEnds──► editing.ready
//        ▲ └──invalid/unchanged──► editing.invalid     └──error──► editing.failed ('Failed to update disk attributes: {msg}')
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  cooldownRemainingSeconds,
  DISK_COOLDOWN_SECONDS,
  diskAttributesProblem,
  diskRequestAttributes,
  diskUpdateFailedText,
  DISK_TYPE_INCLUDED,
  sameDisk,
  type DiskAttributes,
} from '../src/domain/disk.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface DiskFormInput {
  ref: string;
  disk: DiskAttributes;
  lastModifiedAt: string | null;
  computeSize: string;
  /** The time the disk was read (ms since the epoch): the cooldown remaining is measured from it. */
  now: number;
}

export interface DiskFormContext {
  ref: string;
  computeSize: string;
  /** The disk as the platform holds it. */
  saved: DiskAttributes;
  draft: DiskAttributes;
  lastModifiedAt: string | null;
  /** What is left of the cooldown when it was entered (ms). */
  cooldownMs: number;
  /** Validation or the platform's message. */
  error: string | null;
}

export type DiskFormEvent =
  | { type: 'disk.edit'; patch: Partial<DiskAttributes> }
  | { type: 'disk.submit' }
  | { type: 'disk.discard' }
  /** The disk as read again (the route reloaded): replaces what the form holds and decides the cooldown anew. */
  | { type: 'disk.loaded'; disk: DiskAttributes; lastModifiedAt: string | null; now: number };

export interface UpdateDiskInput {
  ref: string;
  attributes: DiskAttributes;
}
export interface UpdateDiskOutput {
  attributes: DiskAttributes;
  last_modified_at: string | null;
}

export type DiskFormEmitted = { type: 'disk.saved'; disk: DiskAttributes } | { type: 'disk.failed'; message: string };

export const NO_DISK_CHANGES = 'No changes to save';

/** What stops the draft from being sent, or null. */
export function diskFormProblem(context: Pick<DiskFormContext, 'draft' | 'saved' | 'computeSize'>): string | null {
  if (sameDisk(context.draft, context.saved)) return NO_DISK_CHANGES;
  return diskAttributesProblem(diskRequestAttributes(context.draft), { computeSize: context.computeSize, current: context.saved });
}

/** A type change brings the new type's own IOPS floor and drops throughput for io2 (spec B9). */
function patched(draft: DiskAttributes, patch: Partial<DiskAttributes>): DiskAttributes {
  const next = { ...draft, ...patch };
  if (patch.type && patch.type !== draft.type) {
    if (patch.type === 'io2') return { type: 'io2', size_gb: next.size_gb, iops: next.iops, throughput_mbps: null };
    return { ...next, throughput_mbps: next.throughput_mbps ?? DISK_TYPE_INCLUDED.gp3.mbps };
  }
  return next;
}

export const diskFormMachine = setup({
  types: {} as { context: DiskFormContext; events: DiskFormEvent; input: DiskFormInput; emitted: DiskFormEmitted; tags: 'busy' | 'error' },
  actors: {
    updateDisk: fromPromise<UpdateDiskOutput, UpdateDiskInput>(notProvidedStub('update disk')),
  },
  actions: {
    adoptLoaded: assign(({ event }) => {
      assertEvent(event, 'disk.loaded');
      return {
        saved: event.disk,
        draft: event.disk,
        lastModifiedAt: event.lastModifiedAt,
        cooldownMs: cooldownRemainingSeconds(event.lastModifiedAt, event.now) * 1000,
        error: null,
      };
    }),
  },
  guards: {
    inCooldown: ({ context }) => context.cooldownMs > 0,
    problem: ({ context }) => diskFormProblem(context) !== null,
  },
  delays: {
    // spec B4: the form opens again when the 21600 s since last_modified_at have passed.
    cooldownEnds: ({ context }) => context.cooldownMs,
  },
}).createMachine({
  id: 'diskForm',
  context: ({ input }) => ({
    ref: input.ref,
    computeSize: input.computeSize,
    saved: input.disk,
    draft: input.disk,
    lastModifiedAt: input.lastModifiedAt,
    cooldownMs: cooldownRemainingSeconds(input.lastModifiedAt, input.now) * 1000,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'inCooldown', target: 'coolingDown' }, { target: 'editing' }],
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: ['error'] },
        failed: { tags: ['error'] },
      },
      on: {
        'disk.edit': {
          target: '.ready',
          actions: assign(({ context, event }) => {
            assertEvent(event, 'disk.edit');
            return { draft: patched(context.draft, event.patch), error: null };
          }),
        },
        'disk.loaded': { target: '#diskForm.starting', actions: 'adoptLoaded' },
        'disk.discard': { target: '.ready', actions: assign(({ context }) => ({ draft: context.saved, error: null })) },
        'disk.submit': [
          { guard: 'problem', target: '.invalid', actions: assign({ error: ({ context }) => diskFormProblem(context) }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'updateDisk',
        src: 'updateDisk',
        input: ({ context }) => ({ ref: context.ref, attributes: diskRequestAttributes(context.draft) }),
        onDone: {
          target: 'coolingDown',
          actions: [
            assign(({ event }) => ({
              saved: event.output.attributes,
              draft: event.output.attributes,
              lastModifiedAt: event.output.last_modified_at,
              // Just changed: the whole cooldown is ahead.
              cooldownMs: DISK_COOLDOWN_SECONDS * 1000,
            })),
            emit(({ event }) => ({ type: 'disk.saved' as const, disk: event.output.attributes })),
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: [
            assign({ error: ({ event }) => diskUpdateFailedText(errorMessage(event.error)) }),
            emit(({ event }) => ({ type: 'disk.failed' as const, message: diskUpdateFailedText(errorMessage(event.error)) })),
          ],
        },
      },
    },
    coolingDown: {
      after: { cooldownEnds: { target: 'editing', actions: assign({ cooldownMs: 0 }) } },
      on: { 'disk.loaded': { target: 'starting', actions: 'adoptLoaded' } },
    },
  },
});

export type DiskFormMachine = typeof diskFormMachine;

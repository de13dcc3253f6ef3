// Plain selectors of the disk form actor (machines/disk-form.machine.ts).
import type { SnapshotFrom } from 'xstate';
import type { DiskAttributes } from '../src/domain/disk.ts';
import type { DiskFormMachine } from './disk-form.machine.ts';

export type DiskFormSnapshot = SnapshotFrom<DiskFormMachine>;

export const selectDiskDraft = (s: DiskFormSnapshot): DiskAttributes => s.context.draft;
export const selectDiskSaved = (s: DiskFormSnapshot): DiskAttributes => s.context.saved;
export const selectDiskError = (s: DiskFormSnapshot): string | null => s.context.error;
export const selectDiskSaving = (s: DiskFormSnapshot): boolean => s.matches('saving');
/** spec B4: inside the cooldown window no change is possible. */
export const selectDiskCoolingDown = (s: DiskFormSnapshot): boolean => s.matches('coolingDown');
export const selectDiskLastModifiedAt = (s: DiskFormSnapshot): string | null => s.context.lastModifiedAt;
/** The fields may be edited (not saving, not cooling down). */
export const selectDiskEditable = (s: DiskFormSnapshot): boolean => s.matches('editing');

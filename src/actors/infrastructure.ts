// Effects of compute and disk and add-ons (issue 20): the disk form's save (machines/disk-form.machine.ts) and the
// add-on changes, each a task (machines/task.machine.ts).
import { fromPromise } from 'xstate';
import { diskFormMachine, type UpdateDiskInput, type UpdateDiskOutput } from '../../machines/disk-form.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { deleteAddon, postAddon, postDisk } from '../api/infrastructure.ts';
import type { SelectableAddon } from '../domain/addons.ts';

export const diskFormWithPlatform = diskFormMachine.provide({
  actors: {
    updateDisk: fromPromise<UpdateDiskOutput, UpdateDiskInput>(({ input }) => postDisk(input.ref, input.attributes)),
  },
});

export const selectAddonTask = taskWith(async ({ ref, type, variant }: { ref: string; type: SelectableAddon; variant: string }) => {
  await postAddon(ref, { addon_type: type, addon_variant: variant });
  return { type, variant };
});

export const removeAddonTask = taskWith(async ({ ref, type, variant }: { ref: string; type: SelectableAddon; variant: string }) => {
  await deleteAddon(ref, variant);
  return { type, variant };
});

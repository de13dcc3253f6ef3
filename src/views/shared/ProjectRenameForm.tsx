// Project settings → General: the project's name, editable by those who may update the project (spec A6). A saved
// name reloads the route data so the header's project switcher and the lists show it.
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, type FormEvent } from 'react';
import { projectRenameWithPlatform } from '../../actors/project-rename.ts';
import {
  selectIsRenaming,
  selectRenameError,
  selectRenameName,
  selectRenameUnchanged,
} from '../../../machines/project-rename.selectors.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function ProjectRenameForm({ projectRef, name, allowed }: { projectRef: string; name: string; allowed: boolean }) {
  const actor = useActorRef(projectRenameWithPlatform, { input: { ref: projectRef, name }, inspect: devInspect });
  const router = useRouter();
  const value = useSelector(actor, selectRenameName);
  const error = useSelector(actor, selectRenameError);
  const renaming = useSelector(actor, selectIsRenaming);
  const unchanged = useSelector(actor, selectRenameUnchanged);

  useEffect(() => {
    actor.send({ type: 'project.loaded', name });
  }, [actor, name]);

  // The machine says once per saved name (issue 15), not a flag watched here.
  useEffect(() => {
    const renamed = actor.on('project.renamed', () => {
      toast.success('Project name saved');
      void router.invalidate();
    });
    return () => renamed.unsubscribe();
  }, [actor, router]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'rename.submit' });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Rename project" style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
      <TextField
        label="Project name"
        name="name"
        value={value}
        onChange={(next) => actor.send({ type: 'name.edit', value: next })}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
        isDisabled={!allowed || renaming}
      />
      {allowed ? (
        <Button type="submit" variant="primary" size="tiny" isPending={renaming} isDisabled={unchanged || renaming}>
          Save
        </Button>
      ) : null}
    </form>
  );
}

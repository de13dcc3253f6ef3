// The delete-project modal (spec A2.9, A5): the project name typed exactly; on non-free plans the exit survey
// (10 reasons shuffled, 'None of the above' last, optional feedback). On success: the last visited organization,
// else /organizations, with the project and organization lists re-read (A7).
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  selectDeleteError,
  selectFeedback,
  selectIsDeleted,
  selectIsDeleting,
  selectNameMatches,
  selectNameMismatch,
  selectReasons,
  selectShowsSurvey,
  selectTyped,
  selectValidation,
} from '../../../machines/delete-project.selectors.ts';
import { readLastVisitedOrg } from '../../actors/last-visited.ts';
import { deleteProjectWithPlatform } from '../../actors/project-lifecycle.ts';
import type { Project } from '../../api/types.ts';
import { afterDeleteHref, isFreePlan, shuffledExitReasons } from '../../domain/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useShellData } from './useShellData.ts';
import * as css from './ProjectLifecycle.css.ts';
import { useLifecycleNotices } from './useLifecycleNotices.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export interface DeleteProjectModalProps {
  project: Project;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DeleteProjectModal({ project, isOpen, onOpenChange }: DeleteProjectModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !busy && onOpenChange(open)} isDismissable={!busy} isKeyboardDismissDisabled={busy} size="medium">
      <Dialog
        title={`Confirm deletion of ${project.name}`}
        description="This action cannot be undone. The project's database, storage objects and backups are removed for good."
        role="alertdialog"
        hideCloseButton={busy}
      >
        {({ close }) => <DeleteProjectForm project={project} onCancel={close} onBusyChange={setBusy} />}
      </Dialog>
    </Modal>
  );
}

// Lives inside the Dialog: every opening starts from an empty form and a fresh shuffle.
function DeleteProjectForm({ project, onCancel, onBusyChange }: { project: Project; onCancel: () => void; onBusyChange: (busy: boolean) => void }) {
  const { organization, organizations } = useShellData();
  const [reasonsOrder] = useState(() => shuffledExitReasons());
  const [input] = useState(() => ({
    ref: project.ref,
    name: project.name,
    orgSlug: organization?.slug ?? project.organization_slug,
    isFreePlan: isFreePlan(organization?.plan.id ?? 'free'),
  }));
  const actor = useActorRef(deleteProjectWithPlatform, { input, inspect: devInspect });
  useLifecycleNotices(actor);
  const router = useRouter();
  const navigate = useNavigate();

  const typed = useSelector(actor, selectTyped);
  const matches = useSelector(actor, selectNameMatches);
  const showsSurvey = useSelector(actor, selectShowsSurvey);
  const reasons = useSelector(actor, selectReasons);
  const feedback = useSelector(actor, selectFeedback);
  const deleting = useSelector(actor, selectIsDeleting);
  const error = useSelector(actor, selectDeleteError);
  const validation = useSelector(actor, selectValidation);
  const mismatch = useSelector(actor, selectNameMismatch);

  // The modal cannot be dismissed while deleting nor once deleted (it is leaving).
  const deleted = useSelector(actor, selectIsDeleted);
  useEffect(() => onBusyChange(deleting || deleted), [deleting, deleted, onBusyChange]);
  // The project is gone: leave for the last visited organization (spec A7), on the machine's emitted event (issue 15).
  const known = useRef<string[]>([]);
  useEffect(() => {
    known.current = organizations.map((o) => o.slug);
  });
  useEffect(() => {
    const subscription = actor.on('project.deleted', () => {
      void router.invalidate();
      void navigate({ to: afterDeleteHref(readLastVisitedOrg(known.current)) });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, router]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'delete.submit' });
  };

  return (
    <form className={css.form} onSubmit={submit} noValidate>
      {showsSurvey ? (
        <fieldset className={css.fieldset} disabled={deleting}>
          <legend className={css.legend}>Before you go, why are you deleting this project?</legend>
          {reasonsOrder.map((reason) => (
            <label key={reason} className={css.checkbox}>
              <input type="checkbox" checked={reasons.includes(reason)} onChange={() => actor.send({ type: 'reason.toggle', reason })} />
              {reason}
            </label>
          ))}
          <TextField
            label="Anything else we could improve? (optional)"
            multiline
            rows={3}
            value={feedback}
            onChange={(value) => actor.send({ type: 'feedback.edit', value })}
            isDisabled={deleting}
          />
        </fieldset>
      ) : null}
      <TextField
        label={<>Type <code>{project.name}</code> to confirm.</>}
        value={typed}
        onChange={(value) => actor.send({ type: 'name.edit', value })}
        autoComplete="off"
        spellCheck="false"
        isDisabled={deleting}
        // spec A5: say why confirm stays disabled while the typed text does not match.
        isInvalid={mismatch !== null || validation === 'Value entered does not match'}
        errorMessage={mismatch ?? validation ?? undefined}
      />
      {validation && validation !== 'Value entered does not match' ? <p role="alert" className={css.fieldError}>{validation}</p> : null}
      {error ? <p role="alert" className={css.alert}>{error}</p> : null}
      <div className={css.dialogActions}>
        <Button variant="default" size="tiny" onPress={onCancel} isDisabled={deleting}>Cancel</Button>
        <Button type="submit" variant="danger" size="tiny" isDisabled={!matches} isPending={deleting}>I understand, delete this project</Button>
      </div>
    </form>
  );
}

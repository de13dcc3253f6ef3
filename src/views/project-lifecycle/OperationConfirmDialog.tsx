// The confirm dialog of a settings operation (restart, pause, resize, upgrade); pending while the call runs.
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProjectOperationMachine } from '../../../machines/project-operation.machine.ts';
import { selectConfirming, selectIsConfirmOpen, selectRunningKind } from '../../../machines/project-operation.selectors.ts';
import { projectOperationWithPlatform } from '../../actors/project-lifecycle.ts';
import { computeSizeById, type OperationRequest } from '../../domain/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import { useAssumeStatus } from '../shared/useAssumeStatus.ts';
import { useLifecycleNotices, type NoticeHandlers } from '../shared/useLifecycleNotices.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export type OperationActor = ActorRefFrom<ProjectOperationMachine>;

/** The operation actor of a page, wired to toasts and to the project-status actor. */
export function useProjectOperation(ref: string, onOperationDone?: NoticeHandlers['onOperationDone']): OperationActor {
  const actor = useActorRef(projectOperationWithPlatform, { input: { ref }, inspect: devInspect });
  const assume = useAssumeStatus();
  useLifecycleNotices(actor, { onStatusAssumed: assume, onOperationDone });
  return actor;
}

function copy(request: OperationRequest, projectName: string): { title: string; text: string; confirm: string; danger?: boolean } {
  switch (request.kind) {
    case 'restart':
      return {
        title: 'Restart project',
        text: `${projectName} will be unavailable for a few minutes while its database and services restart.`,
        confirm: 'Restart project',
      };
    case 'pause':
      return {
        title: 'Pause this project?',
        text: `${projectName} will not be accessible while it is paused: its database closes to connections and its API stops answering. All data is kept, and you can resume it from the dashboard.`,
        confirm: 'Pause project',
        danger: true,
      };
    case 'resize': {
      const label = computeSizeById(request.computeSize)?.label ?? request.computeSize;
      return {
        title: 'Change compute size',
        text: `Changing the compute size of ${projectName} to ${label} restarts the project: it will be offline for a few minutes.`,
        confirm: 'Change compute size',
      };
    }
    case 'upgrade':
      return {
        title: 'Upgrade Postgres',
        text: `${projectName} will be upgraded to Postgres ${request.targetVersion}. The project is offline during the upgrade, which ends with a full backup.`,
        confirm: 'Upgrade project',
      };
    case 'createBackup':
      return { title: 'Create backup', text: 'A backup of the database is taken now.', confirm: 'Create backup' };
  }
}

export function OperationConfirmDialog({ actor, projectName }: { actor: OperationActor; projectName: string }) {
  const isOpen = useSelector(actor, selectIsConfirmOpen);
  const request = useSelector(actor, selectConfirming);
  const running = useSelector(actor, selectRunningKind) !== null;
  const cancel = () => actor.send({ type: 'operation.cancel' });
  const text = request ? copy(request, projectName) : null;
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && !running && cancel()} isDismissable={!running} isKeyboardDismissDisabled={running}>
      <Dialog
        title={text?.title ?? ''}
        description={text?.text}
        hideCloseButton={running}
        footer={
          <div className={css.dialogActions}>
            <Button variant="default" size="tiny" onPress={cancel} isDisabled={running}>Cancel</Button>
            <Button variant={text?.danger ? 'danger' : 'primary'} size="tiny" isPending={running} onPress={() => actor.send({ type: 'operation.confirm' })}>
              {text?.confirm}
            </Button>
          </div>
        }
      />
    </Modal>
  );
}

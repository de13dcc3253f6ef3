// The resume confirm dialog (spec A2.9): optional Postgres version (descending, ga by default, value engine|channel),
// then the resume actor checks permission and the free-plan member limit and restores.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ProjectResumeMachine } from '../../../machines/project-resume.machine.ts';
import {
  selectIsDialogOpen,
  selectIsLoadingVersions,
  selectIsResuming,
  selectVersion,
  selectVersions,
} from '../../../machines/project-resume.selectors.ts';
import { resumeVersionOptions } from '../../domain/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import * as css from './ProjectLifecycle.css.ts';

export interface ResumeProjectDialogProps {
  actor: ActorRefFrom<ProjectResumeMachine>;
  projectName: string;
  /** INFRA_EXECUTE on queue_jobs.projects.initialize_or_resume (spec A6). */
  allowed: boolean;
  offerVersions: boolean;
}

export function ResumeProjectDialog({ actor, projectName, allowed, offerVersions }: ResumeProjectDialogProps) {
  const isOpen = useSelector(actor, selectIsDialogOpen);
  const resuming = useSelector(actor, selectIsResuming);
  const loadingVersions = useSelector(actor, selectIsLoadingVersions);
  const versions = useSelector(actor, selectVersions);
  const version = useSelector(actor, selectVersion);
  const options = useMemo(() => resumeVersionOptions(versions), [versions]);
  const close = () => actor.send({ type: 'resume.cancel' });
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && !resuming && close()} isDismissable={!resuming} isKeyboardDismissDisabled={resuming}>
      <Dialog
        title="Resume this project"
        description={`Are you sure you want to resume ${projectName}? The project's database and API come back online.`}
        hideCloseButton={resuming}
        footer={
          <div className={css.dialogActions}>
            <Button variant="default" size="tiny" onPress={close} isDisabled={resuming}>Cancel</Button>
            <Button
              variant="primary"
              size="tiny"
              isPending={resuming}
              isDisabled={loadingVersions}
              onPress={() => actor.send({ type: 'resume.confirm', allowed })}
            >
              Resume
            </Button>
          </div>
        }
      >
        {offerVersions ? (
          loadingVersions ? (
            <Spinner label="Loading Postgres versions" />
          ) : options.length > 0 ? (
            <Select
              label="Postgres version"
              description="The version the project resumes with."
              options={options}
              selectedKey={version || null}
              onSelectionChange={(key) => actor.send({ type: 'version.select', value: String(key ?? '') })}
              isDisabled={resuming}
            />
          ) : (
            <p className={css.text}>The project resumes with the platform's current Postgres version.</p>
          )
        ) : undefined}
      </Dialog>
    </Modal>
  );
}

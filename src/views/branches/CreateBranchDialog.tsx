// 'Create preview branch' (spec B2.8, B5 "Create branch form", B8, B9; issue 20): a name, 'with data' (usable only
// with the PITR add-on, else 'Requires PITR'), and when cloning data the estimate of B9 (src/domain/branches/
// estimate.ts) or a notice when the disk configuration cannot be read. No git branch field: no git hosting
// connection exists locally (B2.8 shows it only then). On success: the toast, navigation to the new branch, closed.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { createBranchContextRead, createBranchTask } from '../../actors/branches.ts';
import { branchNameProblem } from '../../domain/branches/branches.ts';
import { branchEstimate, formatMinutes, formatMonthlyCost } from '../../domain/branches/estimate.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import * as css from './Branches.css.ts';

export interface CreateBranchDialogProps {
  /** The default branch's project (the parent of the new branch). */
  projectRef: string;
  existingNames: readonly string[];
  /** Why the form cannot be submitted (permission, plan), or null. */
  blockedReason: string | null;
  onClose: () => void;
}

export function CreateBranchDialog({ projectRef, existingNames, blockedReason, onClose }: CreateBranchDialogProps) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title="Create preview branch" description="A branch is a project of its own: its database starts from this project's schema and migration history.">
        <CreateBranchForm projectRef={projectRef} existingNames={existingNames} blockedReason={blockedReason} onClose={onClose} />
      </Dialog>
    </Modal>
  );
}

function CreateBranchForm({ projectRef, existingNames, blockedReason, onClose }: CreateBranchDialogProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [withData, setWithData] = useState(false);
  const context = useTaskRead(createBranchContextRead, { ref: projectRef }, projectRef);
  const create = useTask(createBranchTask, {
    onDone: (branch) => {
      toast.success(`Successfully created branch "${branch.name}"`);
      onClose();
      void navigate({ to: '/project/$ref', params: { ref: branch.project_ref } });
    },
    onFailed: (message) => toast.error(`Failed to create branch: ${message}`),
  });
  const problem = branchNameProblem(name, existingNames);
  const pitr = context.data?.pitr === true;
  const estimate = withData && context.data?.disk ? branchEstimate(context.data.disk, context.data.databaseBytes ?? 0) : null;
  const canSubmit = blockedReason === null && context.data !== null && problem === null && !create.running;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    create.run({ ref: projectRef, name, withData: withData && pitr });
  };

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-label="Create preview branch">
      <TextField
        label="Branch name"
        name="branch-name"
        value={name}
        autoFocus
        onChange={(value) => {
          setName(value);
          setTouched(true);
        }}
        isInvalid={touched && problem !== null}
        errorMessage={touched && problem ? problem : undefined}
        isDisabled={create.running}
      />
      {context.error ? (
        <ErrorAlert subject="Failed to retrieve the project's add-ons" error={context.error}>
          <Button variant="default" size="tiny" onPress={context.retry}>Retry</Button>
        </ErrorAlert>
      ) : context.loading ? (
        <SkeletonLines lines={2} />
      ) : (
        <>
          <div>
            <Switch isSelected={withData && pitr} onChange={setWithData} isDisabled={!pitr || create.running}>
              With data
            </Switch>
            <p className={css.hint}>{pitr ? "Copies the parent's rows into the branch." : 'Requires PITR'}</p>
          </div>
          {withData && pitr ? (
            estimate ? (
              <dl className={css.estimate} aria-label="Estimate">
                <dt className={css.estimateLabel}>Branch disk</dt>
                <dd style={{ margin: 0 }}>{estimate.targetSizeGb} GB</dd>
                <dt className={css.estimateLabel}>Estimated cost</dt>
                <dd style={{ margin: 0 }}>{formatMonthlyCost(estimate.monthlyCost)}</dd>
                <dt className={css.estimateLabel}>Estimated duration</dt>
                <dd style={{ margin: 0 }}>{formatMinutes(estimate.minutes)}</dd>
              </dl>
            ) : (
              <p className={css.notice} role="status">
                The disk configuration could not be retrieved, so no cost estimate is possible.
              </p>
            )
          ) : null}
        </>
      )}
      {blockedReason ? <p className={css.hint}>{blockedReason}</p> : null}
      <div className={css.actions}>
        <Button variant="default" size="tiny" onPress={onClose} isDisabled={create.running}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="tiny" isPending={create.running} isDisabled={blockedReason !== null || context.data === null || (touched && problem !== null)}>
          Create branch
        </Button>
      </div>
    </form>
  );
}

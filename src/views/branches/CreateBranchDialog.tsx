// 'Create preview branch' (spec B2.8, B5 "Create branch form", B8, B9; issue 20): a name, 'with data' (usable only
// with the PITR add-on, else 'Requires PITR'), and when cloning data the estimate of B9 (src/domain/branches/
// estimate.ts) or a notice when the disk configuration cannot be read. No git branch field: no git hosting
// connection exists locally (B2.8 shows it only then). The platform answers at once and copies the parent's database
// in the background; the dialog follows the copy (machines/branch-create.machine.ts) and on success shows the toast,
// navigates to the new branch and closes — a failed copy shows its reason.
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import {
  selectCopying,
  selectError,
  selectEstimate,
  selectEstimating,
  selectFailed,
  selectLoadError,
  selectLoading,
  selectName,
  selectNameProblem,
  selectPitr,
  selectSubmitting,
  selectWithData,
} from '../../../machines/branch-create.selectors.ts';
import { liveBranchCreateMachine } from '../../actors/branches.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import { branchEstimate, formatMinutes, formatMonthlyCost } from '../../domain/branches/estimate.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { SkeletonLines } from '../../ui/Skeleton.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
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
  const actor = useActorRef(liveBranchCreateMachine, { input: { ref: projectRef, existingNames, blockedReason }, inspect: devInspect });
  const latest = useRef({ onClose, navigate });
  useEffect(() => {
    latest.current = { onClose, navigate };
  });
  useEffect(() => {
    const subscription = actor.on('*', (notice) => {
      if (notice.type === 'branchCreate.toast') (notice.kind === 'success' ? toast.success : toast.error)(notice.message);
      else if (notice.type === 'branchCreate.navigate') void latest.current.navigate({ to: '/project/$ref', params: { ref: notice.ref } });
      else latest.current.onClose();
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const name = useSelector(actor, selectName);
  const problem = useSelector(actor, selectNameProblem);
  const loading = useSelector(actor, selectLoading);
  const loadError = useSelector(actor, selectLoadError);
  const pitr = useSelector(actor, selectPitr);
  const withData = useSelector(actor, selectWithData);
  const estimating = useSelector(actor, selectEstimating);
  const source = useSelector(actor, selectEstimate);
  const submitting = useSelector(actor, selectSubmitting);
  const copying = useSelector(actor, selectCopying);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const busy = submitting || copying;
  const estimate = source?.disk ? branchEstimate(source.disk, source.databaseBytes ?? 0) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-label="Create preview branch">
      <TextField
        label="Branch name"
        name="branch-name"
        value={name}
        autoFocus
        onChange={(value) => actor.send({ type: 'name.change', value })}
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
        isDisabled={busy || failed}
      />
      {loadError ? (
        <ErrorAlert subject="Failed to retrieve the project's add-ons" error={loadError}>
          <Button variant="default" size="tiny" onPress={() => actor.send({ type: 'retry' })}>Retry</Button>
        </ErrorAlert>
      ) : loading ? (
        <SkeletonLines lines={2} />
      ) : (
        <>
          <div>
            <Switch isSelected={withData} onChange={(value) => actor.send({ type: 'withData.change', value })} isDisabled={!pitr || busy || failed}>
              With data
            </Switch>
            <p className={css.hint}>{pitr ? "Copies the parent's rows into the branch." : 'Requires PITR'}</p>
          </div>
          {withData ? (
            estimating ? (
              <SkeletonLines lines={2} />
            ) : estimate ? (
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
      {copying ? (
        <p className={css.hint} role="status">
          Creating the branch: copying the parent&apos;s {withData ? 'schema and data' : 'schema'}…
        </p>
      ) : null}
      {failed && error ? (
        <p className={css.notice} role="alert">
          {error}
        </p>
      ) : null}
      {blockedReason ? <p className={css.hint}>{blockedReason}</p> : null}
      <div className={css.actions}>
        <Button variant="default" size="tiny" onPress={() => actor.send({ type: 'close' })} isDisabled={submitting}>
          {copying || failed ? 'Close' : 'Cancel'}
        </Button>
        {failed ? null : (
          <Button type="submit" variant="primary" size="tiny" isPending={busy} isDisabled={blockedReason !== null || loading || loadError !== null || problem !== null}>
            Create branch
          </Button>
        )}
      </div>
    </form>
  );
}

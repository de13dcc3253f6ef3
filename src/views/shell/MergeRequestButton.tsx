// The header's merge-request button (spec A4.4): on a non-default branch without a git branch only. With a review
// requested it reads 'Review merge request' and opens /project/{branch}/merge; otherwise 'Open merge request' requests
// the review first ('Merge request created' / 'Failed to open merge request'). Loaded lazily by Header.tsx and only
// on a branch project, so no project's first load carries it (issue 15).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { branchesRead, openMergeRequestTask } from '../../actors/branches.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import { useAppContext } from '../shared/useAppContext.ts';
import { TELEMETRY_EVENTS } from '../../domain/telemetry-events.ts';

export default function MergeRequestButton({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate();
  const { telemetryEvents } = useAppContext();
  const [version, setVersion] = useState(0);
  // spec A4.4: updating a branch refreshes the branch list (the button then reads 'Review merge request').
  const read = useTaskRead(branchesRead, { ref: projectRef }, `${projectRef}:${version}`);
  const toMerge = () => void navigate({ to: '/project/$ref/merge', params: { ref: projectRef } });
  const open = useTask(openMergeRequestTask, {
    onDone: () => {
      toast.success('Merge request created');
      setVersion((v) => v + 1);
      toMerge();
    },
    onFailed: () => toast.error('Failed to open merge request'),
  });
  const branch = read.data?.find((b) => b.project_ref === projectRef);
  if (!branch || branch.is_default || branch.git_branch) return null;
  if (branch.review_requested_at) {
    return (
      <Button variant="default" size="tiny" onPress={toMerge}>
        Review merge request
      </Button>
    );
  }
  return (
    <Button variant="default" size="tiny" isPending={open.running} onPress={() => {
        // spec A7: the named event of this button.
        telemetryEvents.track(TELEMETRY_EVENTS.branchCreateMergeRequestButtonClicked);
        open.run({ ref: projectRef });
      }}>
      Open merge request
    </Button>
  );
}

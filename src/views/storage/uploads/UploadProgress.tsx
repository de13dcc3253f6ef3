// The live part of the upload progress toast (spec B2.4): percentage, elapsed time, speed, remaining bytes and
// remaining time, 'Please do not close the browser' and Cancel. Rendered by the toast region, so it gets the
// queue actor by prop, not by context.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UploadQueueMachine } from '../../../../machines/upload-queue.machine.ts';
import {
  selectFileCount,
  selectIsCancelling,
  selectSentBytes,
  selectSettledCount,
  selectTotalBytes,
} from '../../../../machines/upload-queue.selectors.ts';
import { formatBytes } from '../../../domain/format.ts';
import { DO_NOT_CLOSE_MESSAGE, formatDuration, formatSpeed, uploadProgress } from '../../../domain/storage-uploads.ts';
import { Button } from '../../../ui/Button.tsx';
import * as styles from './UploadProgress.css.ts';

export interface UploadProgressProps {
  actorRef: ActorRefFrom<UploadQueueMachine>;
  /** When the run started (ms since the epoch). */
  startedAt: number;
  /** The clock; tests pass a fixed one. */
  now?: () => number;
}

export function UploadProgress({ actorRef, startedAt, now = Date.now }: UploadProgressProps) {
  const sent = useSelector(actorRef, selectSentBytes);
  const total = useSelector(actorRef, selectTotalBytes);
  const files = useSelector(actorRef, selectFileCount);
  const settled = useSelector(actorRef, selectSettledCount);
  const cancelling = useSelector(actorRef, selectIsCancelling);
  // Elapsed time and speed move with the clock even while no bytes arrive.
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), 1000);
    return () => clearInterval(timer);
  }, [now]);

  const progress = uploadProgress(sent, total, Math.max(time, now()) - startedAt);
  return (
    <div className={styles.body} data-testid="upload-progress">
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
      >
        <div className={styles.bar} style={{ width: `${progress.percentage}%` }} />
      </div>
      <div className={styles.figures}>
        <span className={styles.percentage}>{progress.percentage}%</span>
        <span>
          {settled} of {files} file{files === 1 ? '' : 's'}
        </span>
        <span>{formatSpeed(progress.uploadSpeed)}</span>
      </div>
      <div className={styles.figures}>
        <span>Elapsed {formatDuration(progress.elapsed)}</span>
        <span>{formatBytes(progress.remainingBytes)} remaining</span>
        <span>{progress.remainingTime === null ? 'Estimating time left' : `${formatDuration(progress.remainingTime)} left`}</span>
      </div>
      <div className={styles.footer}>
        <span className={styles.warning}>{DO_NOT_CLOSE_MESSAGE}</span>
        <Button size="tiny" variant="default" isDisabled={cancelling} onPress={() => actorRef.send({ type: 'upload.cancel' })}>
          {cancelling ? 'Cancelling...' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}

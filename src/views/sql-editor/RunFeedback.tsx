// What a run tells the user besides its rows (issue 14 item 6): the time ticking while it runs, and the question
// before a destructive statement runs (the run machine waits in `confirming` for the answer).
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import * as css from './SqlEditor.css.ts';

export const formatDuration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/**
 * Tenths of a second since `startedAt` (performance.now() clock), redrawn ten times a second, with how many statements
 * the run sends (issue 14) when it sends several (one is what a run is by default, so it is not said).
 */
export function ElapsedTime({ startedAt, statements = null }: { startedAt: number; statements?: number | null }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(performance.now()), 100);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  const seconds = Math.max(0, now - startedAt) / 1000;
  return (
    <span role="timer" aria-live="off" data-testid="sql-elapsed" className={css.elapsed}>
      {`Running… ${seconds.toFixed(1)} s`}
      {statements !== null && statements > 1 ? ` · ${statements.toLocaleString('en-US')} statements` : ''}
    </span>
  );
}

export const DESTRUCTIVE_TITLE = 'Potential issue detected with your query';

export function DestructiveConfirm({ reasons, onConfirm, onDismiss }: { reasons: string[] | null; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <Modal isOpen={reasons !== null} onOpenChange={(open) => !open && onDismiss()} size="small">
      <Dialog
        role="alertdialog"
        title={DESTRUCTIVE_TITLE}
        description="This query can remove data or objects for good. Make sure you are not removing something important by accident."
        footer={
          <>
            <Button variant="ghost" autoFocus onPress={onDismiss}>
              Cancel
            </Button>
            <Button variant="danger" onPress={onConfirm}>
              Run this query
            </Button>
          </>
        }
      >
        <p className={css.resultNote} style={{ padding: 0 }}>The query has:</p>
        <ul className={css.reasonList}>
          {(reasons ?? []).map((reason) => (
            <li key={reason}>{`a ${reason}`}</li>
          ))}
        </ul>
      </Dialog>
    </Modal>
  );
}

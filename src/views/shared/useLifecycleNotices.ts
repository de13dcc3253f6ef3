// Turns what the lifecycle machines emit into effects: toasts, browser downloads, console logs, and the status the
// project-status actor should assume (contract: status.assumed).
import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AssumedStatus, LifecycleNotice } from '../../domain/project-lifecycle.ts';
import { toast } from '../../ui/toast.ts';

/** Starts a browser download of a signed URL (no bearer needed: the platform signed it). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface NoticeHandlers {
  onStatusAssumed?: (status: AssumedStatus) => void;
  onOperationDone?: (notice: Extract<LifecycleNotice, { type: 'notice.operationDone' }>) => void;
}

export function useLifecycleNotices(actor: AnyActorRef, handlers: NoticeHandlers = {}): void {
  // The latest handlers, without resubscribing on every render.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const subscription = actor.on('*', (raw: unknown) => {
      const notice = raw as LifecycleNotice;
      switch (notice.type) {
        case 'notice.toast':
          toast[notice.kind](notice.message);
          break;
        case 'notice.download':
          startDownload(notice.url);
          break;
        case 'notice.log':
          console.error(notice.message);
          break;
        case 'notice.statusAssumed':
          latest.current.onStatusAssumed?.(notice.status);
          break;
        case 'notice.operationDone':
          latest.current.onOperationDone?.(notice);
          break;
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

// Mounts the Connect dialog on every project page (spec A2.10), with the project's live status (A4.1).
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import { TELEMETRY_EVENTS } from '../../domain/telemetry-events.ts';
import type { ConnectSearch } from '../../domain/connect/params.ts';
import { ConnectDialog } from './ConnectDialog.tsx';

export function ConnectDialogHost({ projectRef, search, mcpTab }: { projectRef: string; search: ConnectSearch; mcpTab?: ReactNode }) {
  const flags = useFeatureFlags();
  const { telemetryEvents } = useAppContext();
  const status = useSelector(useProjectStatusActor(), (snapshot) => snapshot.context.status ?? '');
  return (
    <ConnectDialog
      projectRef={projectRef}
      status={status}
      search={search}
      flags={flags}
      mcpTab={mcpTab}
      // spec A7: which kind of string was copied, never the string.
      onStringCopied={(kind) => telemetryEvents.track(TELEMETRY_EVENTS.connectionStringCopied, kind)}
    />
  );
}

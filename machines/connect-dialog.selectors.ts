// Plain selectors of the Connect dialog actor (spec A2.10).
import type { SnapshotFrom } from 'xstate';
import type { ConnectDialogMachine } from './connect-dialog.machine.ts';
import type { ConnectParams } from '../src/domain/connect/params.ts';
import type { ConnectTab } from '../src/domain/connect/constants.ts';
import type { ConnectionInfo } from '../src/domain/connect/info.ts';

export type ConnectDialogSnapshot = SnapshotFrom<ConnectDialogMachine>;

export const selectConnectOpen = (s: ConnectDialogSnapshot): boolean => s.matches('open');
export const selectConnectLoading = (s: ConnectDialogSnapshot): boolean => s.hasTag('busy');
export const selectConnectError = (s: ConnectDialogSnapshot): string | null => (s.hasTag('error') ? s.context.error : null);
export const selectConnectParams = (s: ConnectDialogSnapshot): ConnectParams => s.context.params;
export const selectConnectTabs = (s: ConnectDialogSnapshot): ConnectTab[] => s.context.tabs;
/** The connection details once read (null while loading or after a failure). */
export const selectConnectInfo = (s: ConnectDialogSnapshot): ConnectionInfo | null => (s.matches({ open: 'ready' }) ? s.context.info : null);

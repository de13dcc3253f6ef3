import type { SnapshotFrom } from 'xstate';
import type { consentMachine } from './consent.machine.ts';

type Snapshot = SnapshotFrom<typeof consentMachine>;
export const selectShowConsentToast = (snapshot: Snapshot) => snapshot.context.showConsentToast;
export const selectHasConsented = (snapshot: Snapshot) => snapshot.context.hasConsented;
export const selectConsentSettled = (snapshot: Snapshot) => !snapshot.matches('reading');

// Plain selectors of the MFA enrolment actor.
import type { SnapshotFrom } from 'xstate';
import type { AuthFactor, TotpEnrolment } from '../src/domain/auth.ts';
import type { MfaEnrolMachine } from './mfa-enrol.machine.ts';

export type MfaEnrolSnapshot = SnapshotFrom<MfaEnrolMachine>;

export const selectFactors = (s: MfaEnrolSnapshot): AuthFactor[] => s.context.factors;
/** The factors worth listing: verified ones (an unverified one is an enrolment in progress or abandoned). */
export const selectVerifiedFactors = (s: MfaEnrolSnapshot): AuthFactor[] =>
  s.context.factors.filter((factor) => factor.status === 'verified');
export const selectEnrolment = (s: MfaEnrolSnapshot): TotpEnrolment | null => s.context.enrolment;
export const selectCode = (s: MfaEnrolSnapshot): string => s.context.code;
export const selectError = (s: MfaEnrolSnapshot): string | null => s.context.error;
export const selectNotice = (s: MfaEnrolSnapshot): string | null => s.context.notice;
export const selectIsLoading = (s: MfaEnrolSnapshot): boolean => s.matches('loading');
export const selectFailedToLoad = (s: MfaEnrolSnapshot): boolean => s.matches('failedToLoad');
export const selectIsBusy = (s: MfaEnrolSnapshot): boolean => s.hasTag('busy');
export const selectIsShowingSecret = (s: MfaEnrolSnapshot): boolean =>
  s.matches('showingSecret') || s.matches('verifying');
export const selectIsEnrolling = (s: MfaEnrolSnapshot): boolean => s.matches('enrolling');
export const selectIsVerifying = (s: MfaEnrolSnapshot): boolean => s.matches('verifying');
export const selectRemovingFactorId = (s: MfaEnrolSnapshot): string | null =>
  s.matches('removing') ? s.context.removingFactorId : null;
export const selectCanEnrol = (s: MfaEnrolSnapshot): boolean => s.matches('idle');

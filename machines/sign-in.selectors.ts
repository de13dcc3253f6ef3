// Plain selectors of the sign-in form actor.
import type { SnapshotFrom } from 'xstate';
import type { SignInMachine, SignInMode } from './sign-in.machine.ts';

export type SignInSnapshot = SnapshotFrom<SignInMachine>;

export const selectMode = (s: SignInSnapshot): SignInMode => s.context.mode;
export const selectEmail = (s: SignInSnapshot): string => s.context.email;
export const selectPassword = (s: SignInSnapshot): string => s.context.password;
export const selectCode = (s: SignInSnapshot): string => s.context.code;
export const selectError = (s: SignInSnapshot): string | null => s.context.error;
export const selectReasons = (s: SignInSnapshot): string[] => s.context.reasons;
export const selectNotice = (s: SignInSnapshot): string | null => s.context.notice;
export const selectIsBusy = (s: SignInSnapshot): boolean => s.hasTag('busy');
export const selectHasError = (s: SignInSnapshot): boolean => s.hasTag('error');
export const selectIsAwaitingCode = (s: SignInSnapshot): boolean => s.matches('awaitingCode');
export const selectIsTotpChallenge = (s: SignInSnapshot): boolean =>
  s.context.mode === 'mfa' && (s.matches('awaitingCode') || s.matches({ submitting: 'verifyingTotp' }));
export const selectIsEmailCodeEntry = (s: SignInSnapshot): boolean =>
  s.context.mode === 'magicLink' && (s.matches('awaitingCode') || s.matches({ submitting: 'verifyingCode' }));
export const selectIsDone = (s: SignInSnapshot): boolean => s.status === 'done';
export const selectRedirect = (s: SignInSnapshot): string => s.context.redirect;

import { useActorRef } from '@xstate/react';
import { signInMachine, type SignInInput } from '../../../machines/sign-in.machine.ts';
import { signInActors } from '../../actors/session.ts';
import { devInspect } from '../../dev/live-inspect.ts';

const signInWithAuthClient = signInMachine.provide({ actors: signInActors });

/** The sign-in form actor with the real auth effects (spec A4.11). */
export function useSignInActor(input: SignInInput) {
  return useActorRef(signInWithAuthClient, { input, inspect: devInspect });
}

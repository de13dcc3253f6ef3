import { useActorRef } from '@xstate/react';
import { mfaEnrolMachine } from '../../../machines/mfa-enrol.machine.ts';
import { mfaActors } from '../../actors/session.ts';
import { devInspect } from '../../dev/live-inspect.ts';

const mfaEnrolWithAuthClient = mfaEnrolMachine.provide({ actors: mfaActors });

/** The account security actor with the real auth effects (spec A3 MFA factor). */
export function useMfaEnrolActor() {
  return useActorRef(mfaEnrolWithAuthClient, { inspect: devInspect });
}

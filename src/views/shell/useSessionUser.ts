import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/session.selectors.ts';
import { useAppContext } from '../shared/useAppContext.ts';

/** The signed-in user (spec A3 User), from the session actor. */
export function useSessionUser() {
  return useSelector(useAppContext().session, selectUser);
}

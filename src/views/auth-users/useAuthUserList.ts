// The Users page's list actor, one per mounted page and project (the route keys the page by ref).
import { useActorRef } from '@xstate/react';
import { authUserListFor } from '../../actors/auth-users.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function useAuthUserList(ref: string) {
  return useActorRef(authUserListFor(ref), { input: {}, inspect: devInspect });
}

export type AuthUserListRef = ReturnType<typeof useAuthUserList>;

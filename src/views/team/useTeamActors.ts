import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { inviteMemberMachine } from '../../../machines/invite-member.machine.ts';
import { memberChangeMachine } from '../../../machines/member-change.machine.ts';
import { defineTeamActors } from '../../actors/team.ts';
import { devInspect } from '../../dev/live-inspect.ts';

/** The team page's actors with the platform's effects; a change re-reads the route's lists (loader invalidation). */
export function useTeamActors(slug: string) {
  const router = useRouter();
  const actors = useMemo(() => defineTeamActors(slug, () => router.invalidate()), [slug, router]);
  const invite = useActorRef(useMemo(() => inviteMemberMachine.provide({ actors }), [actors]), { inspect: devInspect });
  const change = useActorRef(useMemo(() => memberChangeMachine.provide({ actors }), [actors]), { inspect: devInspect });
  return { invite, change };
}

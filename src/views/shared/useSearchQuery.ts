// A search box's query (machines/search-query.machine.ts, issue 15): the view shows `text`, sends keystrokes with
// `type`, and reads `query` (or listens to `query.settled` on `actor`) — the pause in typing is the machine's.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { searchQueryMachine } from '../../../machines/search-query.machine.ts';
import { selectSearchQuery, selectSearchText } from '../../../machines/search-query.selectors.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export function useSearchQuery(typingPauseMs: number) {
  const [machine] = useState(() => searchQueryMachine.provide({ delays: { typingPause: typingPauseMs } }));
  const actor = useActorRef(machine, { inspect: devInspect });
  const text = useSelector(actor, selectSearchText);
  const query = useSelector(actor, selectSearchQuery);
  return { actor, text, query, type: (next: string) => actor.send({ type: 'query.type', text: next }) };
}

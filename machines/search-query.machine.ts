// A search box's query (issue 15: no debounce written by hand in a view): what is typed becomes the query once typing
// pauses (`typingPause`), trimmed; clearing the box applies at once. The query is said once per change
// (`query.settled`), so a view hands it on (a bucket search) or reads it (Query Performance) without a timer of its
// own. Used by the storage bucket search (B2.4) and Query Performance's search (issue 19).
import { assign, enqueueActions, setup } from 'xstate';

export type SearchQueryContext = {
  /** What the box shows. */
  text: string;
  /** The settled query (trimmed); '' when there is none. */
  query: string;
};
export type SearchQueryTypeEvent = { type: 'query.type'; text: string };
/** The box starts over (another bucket opened): empty text and query at once. */
export type SearchQueryResetEvent = { type: 'query.reset' };
export type SearchQueryEvent = SearchQueryTypeEvent | SearchQueryResetEvent;
/** Once per change of the settled query. */
export type SearchQuerySettledEmitted = { type: 'query.settled'; query: string };

/** The pause in typing that settles a query when a box gives none (the two boxes today give 300 ms). */
export const DEFAULT_TYPING_PAUSE_MS = 300;

export const searchQueryMachine = setup({
  types: {} as { context: SearchQueryContext; events: SearchQueryEvent; emitted: SearchQuerySettledEmitted },
  delays: { typingPause: DEFAULT_TYPING_PAUSE_MS },
  guards: {
    cleared: (_, params: { text: string }) => params.text.trim() === '',
  },
  actions: {
    take: assign((_, params: { text: string }) => ({ text: params.text })),
    settle: enqueueActions(({ context, enqueue }) => {
      const query = context.text.trim();
      if (query === context.query) return;
      enqueue.assign({ query });
      enqueue.emit({ type: 'query.settled', query });
    }),
  },
}).createMachine({
  id: 'searchQuery',
  context: { text: '', query: '' },
  initial: 'settled',
  on: {
    'query.type': [
      {
        guard: { type: 'cleared', params: ({ event }) => ({ text: event.text }) },
        target: '.settled',
        actions: [{ type: 'take', params: ({ event }) => ({ text: event.text }) }, 'settle'],
      },
      // Every keystroke starts the pause again.
      { target: '.waiting', reenter: true, actions: { type: 'take', params: ({ event }) => ({ text: event.text }) } },
    ],
    'query.reset': { target: '.settled', actions: [assign({ text: '' }), 'settle'] },
  },
  states: {
    settled: {},
    waiting: {
      after: { typingPause: { target: 'settled', actions: 'settle' } },
    },
  },
});

export type SearchQueryMachine = typeof searchQueryMachine;

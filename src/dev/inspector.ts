// Inspection of the console's actors, for development only (issue 26): every app-wide actor reports to the local
// statechart viewer (/dashboard/__statecharts, same-origin BroadcastChannel, no network); `?inspect` in the URL or
// VITE_STRATA_INSPECT=1 also opens the hosted Stately inspector.
// Pass the returned callback as `inspect` to createActor (createThemeActor, createSidebarActor, ...).
import type { InspectionEvent } from 'xstate';

export async function maybeStartInspector(): Promise<((event: InspectionEvent) => void) | undefined> {
  // import.meta.env.DEV is the literal false in a production build, so the bundler drops the imports below.
  if (!import.meta.env.DEV) return undefined;
  const { liveInspect } = await import('./statecharts/live-reporter.ts');
  const wanted =
    import.meta.env.VITE_STRATA_INSPECT === '1' ||
    (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect'));
  if (!wanted) return liveInspect;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return (event) => {
    liveInspect(event);
    inspector.inspect.next?.(event);
  };
}

// The Stately live inspector, for development only: `?inspect` in the URL or VITE_STRATA_INSPECT=1.
// Pass the returned callback as `inspect` to createActor (createThemeActor, createSidebarActor, ...).
import type { InspectionEvent } from 'xstate';

export async function maybeStartInspector(): Promise<((event: InspectionEvent) => void) | undefined> {
  // import.meta.env.DEV is the literal false in a production build, so the bundler drops the import below.
  if (!import.meta.env.DEV) return undefined;
  const wanted =
    import.meta.env.VITE_STRATA_INSPECT === '1' ||
    (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect'));
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
}

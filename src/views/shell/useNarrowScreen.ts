// Whether the window is below the shell's mobile breakpoint (spec A2.3: the mobile bar below 768 px), followed live
// through matchMedia. The mobile bar's code loads only then, so a desktop's first load does not carry it (issue 15).
import { useSyncExternalStore } from 'react';

/** The shell's mobile breakpoint (AppShell.css.ts uses the same query). */
export const NARROW_SCREEN_QUERY = 'screen and (max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (a test DOM), the bar is shown: the CSS still hides it on a wide screen.
const narrow = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY).matches : true);

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}

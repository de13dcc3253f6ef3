// A stand-in made real on intent (issue 25: opening a table): a component that is costly to render before its first
// use (a react-aria Select or Menu) shows a plain button with its look until the pointer comes over it, it takes the
// focus or it is pressed; then the real one replaces it. This hook holds that switch and the stand-in's handlers;
// LazySelect and ColumnMenu render the two sides.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';

/** What the real component is to do when it replaces the stand-in: open, and take the focus. */
export interface RealIntent {
  open: boolean;
  focus: boolean;
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * `real` is null while the stand-in shows. `focusOnOpen`: whether a press (which opens) also asks the real one for the
 * focus (a Select's trigger keeps it while its list is open; a Menu moves it into its items).
 */
export function useRealOnIntent(focusOnOpen: boolean) {
  const [real, setReal] = useState<RealIntent | null>(null);
  const open = () => setReal({ open: true, focus: focusOnOpen });
  // A hover or a focus swaps at once (flushSync): its update would otherwise wait, and the press that follows land on
  // the stand-in, opening the real one just before its own click toggled it shut again (seen in e2e under load).
  const standIn = {
    onPointerEnter: () => flushSync(() => setReal({ open: false, focus: false })),
    onFocus: () => flushSync(() => setReal({ open: false, focus: true })),
    // A press counts from the pointer going down (a touch has no hover before it): the real trigger that replaces
    // the stand-in never sees that down, so it opens from here.
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0) open();
    },
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      open();
    },
  };
  return { real, standIn };
}

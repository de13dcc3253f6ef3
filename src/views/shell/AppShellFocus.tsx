// Keyboard and screen-reader focus for the shell (issue 24, WCAG 2.4.1 and 2.4.3): a skip link to the content, and
// the focus put on the new page's h1 after a page change that left it nowhere (on the body, on a removed element)
// or in the shell's navigation (header, sidebar, menus): a screen reader then reads where the user landed.
// Navigation inside the content (editor tabs, table list, storage columns) keeps its focus where it is.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { skipLink } from '../../ui/a11y.css.ts';

export const MAIN_ID = 'main';
/** Marks the shell's navigation regions: focus there when the page changes moves on to the new page's heading. */
export const SHELL_NAV_ATTRIBUTE = 'data-shell-nav';
/** How long a page may take to show its h1 (loaders, skeletons) before the focus stops waiting for it. */
const HEADING_WAIT_MS = 3000;

/** Focuses the content's h1 (made focusable without entering the Tab order), or the content itself. */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
  return document.activeElement === target;
}

/** Focus is nowhere (the body or a removed element) or in the shell's navigation. */
function focusIsLostOrInShell(previous: Element | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (previous && !previous.isConnected && active === previous) return true;
  return active.closest(`[${SHELL_NAV_ATTRIBUTE}]`) !== null;
}

/** After each change of `pathname` (not the first render), moves focus to the new page's h1 when it was left behind. */
export function useFocusOnPageChange(pathname: string): void {
  const first = useRef(true);
  // The h1 on screen when the path changed, read while rendering for the new path (before React commits it): the
  // router may keep that old page on screen while the new one loads, and its h1 is not where the user landed.
  // (React may reuse the element for the new page's h1: then its text tells them apart.)
  const [seen, setSeen] = useState<{ pathname: string; heading: Element | null; text: string | null }>(() => ({ pathname, heading: null, text: null }));
  if (seen.pathname !== pathname) {
    const heading = typeof document === 'undefined' ? null : (document.getElementById(MAIN_ID)?.querySelector('h1') ?? null);
    setSeen({ pathname, heading, text: heading?.textContent ?? null });
  }
  const oldHeading = seen.pathname === pathname ? seen.heading : null;
  const oldText = seen.pathname === pathname ? seen.text : null;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const focusedAtChange = document.activeElement;
    if (!focusIsLostOrInShell(focusedAtChange)) return;
    // The user moved on while the page loaded: leave their focus alone.
    const stillOurs = () => focusIsLostOrInShell(focusedAtChange) || document.activeElement === focusedAtChange;
    const tryFocus = () => {
      if (!stillOurs()) return true;
      const heading = main.querySelector('h1');
      const isNew = heading !== null && (heading !== oldHeading || heading.textContent !== oldText);
      return isNew && focusMainContent();
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      // No new h1 came (the page kept its layout's, or has none): that one or the content itself, so the next Tab
      // starts there and not at the top of the page.
      if (stillOurs()) focusMainContent();
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
    // oldHeading and oldText change with pathname only (they are taken while rendering for a new path).
  }, [pathname, oldHeading, oldText]);
}

/** The first stop of the Tab order: 'Skip to main content' (WCAG 2.4.1), shown when focused. */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router owns the URL: move the focus ourselves rather than follow '#main'.
    event.preventDefault();
    focusMainContent();
  };
  return (
    <a href={`#${MAIN_ID}`} className={skipLink} onClick={onClick}>
      Skip to main content
    </a>
  );
}

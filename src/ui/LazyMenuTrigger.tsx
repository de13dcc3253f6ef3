import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** What a menu's trigger shows, the same on the stand-in and on the real (react-aria) trigger button. */
export interface MenuTriggerLook {
  className: string;
  'aria-label': string;
  'data-testid'?: string;
  children: ReactNode;
}

/** How the real menu starts once loaded: open (the stand-in was pressed) and focused (the stand-in had focus). */
export interface MenuOpening {
  defaultOpen: boolean;
  autoFocus: boolean;
}

export interface LazyMenuTriggerProps<M> {
  look: MenuTriggerLook;
  /** Loads the module of the real menu (an `import()`; the browser keeps it once loaded). */
  load: () => Promise<M>;
  /** The real menu: a react-aria MenuTrigger whose Button spreads `look` and takes `opening`. */
  render: (module: M, look: MenuTriggerLook, opening: MenuOpening) => ReactNode;
}

/**
 * A menu whose code (react-aria's menu, popover, overlay positioning and focus scope: most of a signed-in page's
 * script) loads on intent: a native button with the trigger's look stands in until the pointer comes over it, it
 * takes focus or is pressed (issue 15: first-load JavaScript, "preload on intent"). Then the real menu replaces
 * it, open if the stand-in was pressed (click, Enter, Space, or the arrow keys that open a menu) and focused if
 * the stand-in was, so keyboard users lose neither the press nor their place.
 */
export function LazyMenuTrigger<M>({ look, load, render }: LazyMenuTriggerProps<M>) {
  const [module, setModule] = useState<{ value: M } | null>(null);
  const [pressed, setPressed] = useState(false);
  const [hovered, setHovered] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const real = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  const loading = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fetchMenu = () => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (value) => {
        if (!alive.current) return;
        focused.current = standIn.current !== null && standIn.current === document.activeElement;
        setModule({ value });
      },
      () => {
        // A failed load (offline) leaves the stand-in: the next intent tries again.
        loading.current = false;
      },
    );
  };
  const press = () => {
    setPressed(true);
    fetchMenu();
  };
  // The stand-in had the focus: the real trigger takes it in the same commit that puts it in the page. Its own
  // autoFocus (react-aria's) comes in an effect, after the browser may have painted and handled a key: an Enter
  // pressed in that gap went to the page's body and was lost (e2e a11y.spec, full run of 2026-11-29).
  const swapped = module !== null;
  useLayoutEffect(() => {
    if (!swapped || !focused.current) return;
    real.current?.querySelector<HTMLElement>('button, [role="button"]')?.focus();
  }, [swapped]);

  if (module) {
    // display: contents: the wrapper adds no box, so the trigger sits in its parent's layout as the stand-in did.
    return (
      <span ref={real} style={{ display: 'contents' }}>
        {render(module.value, look, { defaultOpen: pressed, autoFocus: focused.current || pressed })}
      </span>
    );
  }
  return (
    <button
      ref={standIn}
      type="button"
      className={look.className}
      aria-label={look['aria-label']}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid={look['data-testid']}
      data-hovered={hovered || undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
        fetchMenu();
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={fetchMenu}
      // A press counts from the pointer going down: when the menu arrives between down and up, the real trigger
      // never sees the down and would drop the press.
      onPointerDown={(event) => event.button === 0 && press()}
      onClick={press}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          press();
        }
      }}
    >
      {look.children}
    </button>
  );
}

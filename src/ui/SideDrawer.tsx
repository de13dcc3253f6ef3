import { useId, useState, type ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import * as css from './SideDrawer.css.ts';

/**
 * The side list of an editor page (tables, queries, buckets). From 768 px up the wrapper is invisible to layout and
 * the list sits beside the content as before; below (a phone, or 200 % zoom on a laptop) it folds into a drawer above
 * the content behind a toggle, so the content gets the full width (issue 24: it had ~115 px). Following a link in the
 * list folds the drawer again, as does a change of `closeOn` (the page's current item: a new query, another table).
 */
export function SideDrawer({ label, closeOn, children }: { label: string; closeOn?: unknown; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState(closeOn);
  if (!Object.is(shownFor, closeOn)) {
    setShownFor(closeOn);
    setOpen(false);
  }
  const id = useId();
  return (
    <div className={css.drawer} data-open={open || undefined}>
      <button type="button" className={css.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        <span>{label}</span>
        <Icon name="chevronDown" size={14} className={css.chevron} />
      </button>
      <div id={id} className={css.body} onClickCapture={(event) => (event.target as HTMLElement).closest('a') && setOpen(false)}>
        {children}
      </div>
    </div>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_COMMAND_MENU_EVENT } from './providers.ts';

// The menu's code (dialog, search machine, providers) loads on first use: the shell only carries this listener
// (issue 15: first-load JavaScript).
const CommandMenu = lazy(() => import('./CommandMenu.tsx').then((module) => ({ default: module.CommandMenu })));

/** Ctrl+K / ⌘K (and the Help popover's 'Search docs') open the command menu (spec A1, A2.3). */
export function CommandMenuHost({ ref, orgSlug }: { ref?: string; orgSlug?: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_COMMAND_MENU_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_COMMAND_MENU_EVENT, onOpen);
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandMenu onClose={() => setOpen(false)} {...(ref ? { ref } : {})} {...(orgSlug ? { orgSlug } : {})} />
    </Suspense>
  );
}

// Selectors of the sidebar machine: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import {
  SIDEBAR_BEHAVIOURS,
  SIDEBAR_BEHAVIOUR_LABELS,
  isSidebarOpen,
  type SidebarBehaviour,
} from '../src/domain/navigation/sidebar-behaviour.ts';
import type { SidebarMachine } from './sidebar.machine.ts';

type SidebarSnapshot = SnapshotFrom<SidebarMachine>;

/** The behaviour preference. spec A2.4 */
export const selectSidebarBehaviour = (snapshot: SidebarSnapshot): SidebarBehaviour => snapshot.context.behaviour;

/** True until the stored preference has been read. */
export const selectSidebarLoading = (snapshot: SidebarSnapshot): boolean =>
  snapshot.matches({ desktop: 'loading' }) || snapshot.matches({ desktop: 'choosing' });

/**
 * Whether the desktop sidebar is open: always when 'Expanded', never when 'Collapsed', while hovered when 'Expand on
 * hover'; before the preference is read, what the cookie said (else the default's resting state). spec A2.4
 */
export const selectSidebarOpen = (snapshot: SidebarSnapshot): boolean => {
  if (snapshot.matches({ desktop: 'expanded' })) return true;
  if (snapshot.matches({ desktop: 'collapsed' })) return false;
  if (snapshot.matches({ desktop: 'hover' })) return snapshot.matches({ desktop: { hover: 'open' } });
  return snapshot.context.cookieOpen ?? isSidebarOpen(snapshot.context.behaviour, false);
};

/** The open state at rest (no pointer over it), as kept in the cookie 'sidebar:state'. spec A2.4 */
export const selectSidebarRestingOpen = (snapshot: SidebarSnapshot): boolean =>
  isSidebarOpen(snapshot.context.behaviour, false);

/** Whether the mobile sheet with the sidebar is open. spec A2.3 */
export const selectMobileOpen = (snapshot: SidebarSnapshot): boolean => snapshot.matches({ mobile: 'open' });

/** The choices of the behaviour menu, in order, with their labels. spec A2.4 */
export const sidebarBehaviourOptions: ReadonlyArray<{ value: SidebarBehaviour; label: string }> = SIDEBAR_BEHAVIOURS.map(
  (value) => ({ value, label: SIDEBAR_BEHAVIOUR_LABELS[value] }),
);

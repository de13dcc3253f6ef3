import { useSelector } from '@xstate/react';
import { selectSidebarBehaviour, selectSidebarOpen } from '../../../machines/sidebar.selectors.ts';
import { useAppContext } from '../shared/useAppContext.ts';

/** The sidebar's open state and behaviour (spec A2.4), and the pointer events the hover mode needs. */
export function useSidebarState() {
  const { sidebar } = useAppContext();
  const open = useSelector(sidebar, selectSidebarOpen);
  const behaviour = useSelector(sidebar, selectSidebarBehaviour);
  return {
    open,
    behaviour,
    /** Expanded sidebars take their width in the layout; hover ones overlay the content. */
    pinned: behaviour === 'expanded',
    onPointerEnter: () => sidebar.send({ type: 'sidebar.pointerEnter' }),
    onPointerLeave: () => sidebar.send({ type: 'sidebar.pointerLeave' }),
  };
}

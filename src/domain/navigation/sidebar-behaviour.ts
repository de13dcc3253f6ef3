// Sidebar behaviour preference (spec A2.4).

export const SIDEBAR_BEHAVIOURS = ['expanded', 'collapsed', 'hover'] as const;
export type SidebarBehaviour = (typeof SIDEBAR_BEHAVIOURS)[number];

/** 'Expand on hover' is the default. spec A2.4 */
export const DEFAULT_SIDEBAR_BEHAVIOUR: SidebarBehaviour = 'hover';

/** User-facing labels of the behaviours. spec A2.4 */
export const SIDEBAR_BEHAVIOUR_LABELS: Readonly<Record<SidebarBehaviour, string>> = {
  expanded: 'Expanded',
  collapsed: 'Collapsed',
  hover: 'Expand on hover',
};

/** True for a known behaviour value. */
export function isSidebarBehaviour(value: unknown): value is SidebarBehaviour {
  return typeof value === 'string' && (SIDEBAR_BEHAVIOURS as readonly string[]).includes(value);
}

/** A stored preference read back, falling back to the default for anything unknown. spec A2.4 */
export function readSidebarBehaviour(stored: unknown): SidebarBehaviour {
  return isSidebarBehaviour(stored) ? stored : DEFAULT_SIDEBAR_BEHAVIOUR;
}

/** Whether the sidebar is open: expanded always, collapsed never, hover while hovered. spec A2.4 */
export function isSidebarOpen(behaviour: SidebarBehaviour, hovered: boolean): boolean {
  if (behaviour === 'expanded') return true;
  if (behaviour === 'collapsed') return false;
  return hovered;
}

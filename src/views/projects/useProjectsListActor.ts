// TODO(issue 15): forwarding module until src/views/shell/ProjectSwitcherMenu.tsx (owned by shell) imports
// '../shared/useProjectsListActor.ts'; then delete it. The hook moved to src/views/shared/ because the projects page
// and the shell's project switcher both page through the list (DESIGN §2).
export { useProjectsListActor } from '../shared/useProjectsListActor.ts';

// STUB (issue 5, helper P fills it in): the delete-project modal of spec A2.9.
import type { Project } from '../../api/types.ts';

export function DeleteProjectModal(_props: { project: Project; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}

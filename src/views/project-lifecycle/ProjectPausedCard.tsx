// STUB (issue 5, helper P fills it in): the paused-project view of spec A2.9.
import type { Project } from '../../api/types.ts';

export function ProjectPausedCard({ project }: { project: Project }) {
  return <p>{project.name} is paused.</p>;
}

import type { Project } from '../../api/types.ts';
import { StatusCard } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Pausing (PAUSING / GOING_DOWN), spec A2.8. */
export function PausingScreen({ project }: { project: Project }) {
  return (
    <StatusCard testId="status-pausing" title={`Pausing ${project.name}`}>
      <p className={css.text}>
        You may restore your project anytime thereafter, and your data will be restored to when it was initially paused.
      </p>
    </StatusCard>
  );
}

import type { Project } from '../../api/types.ts';
import { StatusCard } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Resizing (RESIZING), spec A2.8. */
export function ResizingScreen({ project }: { project: Project }) {
  return (
    <StatusCard testId="status-resizing" title="Resizing Project Compute size">
      <p className={css.text}>
        <span className={css.strong}>{project.name}</span> is being restarted on its new compute size. It is offline until
        the restart is done, which usually takes a few minutes.
      </p>
    </StatusCard>
  );
}

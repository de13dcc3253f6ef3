import type { Project } from '../../api/types.ts';
import { StatusCard } from './StatusCard.tsx';
import * as css from './StatusScreens.css.ts';

/** Restarting (RESTARTING), spec A2.8. */
export function RestartingScreen({ project }: { project: Project }) {
  return (
    <StatusCard testId="status-restarting" title="Restarting...">
      <p className={css.text}>
        <span className={css.strong}>{project.name}</span> is restarting. It will be back online in a few minutes.
      </p>
    </StatusCard>
  );
}

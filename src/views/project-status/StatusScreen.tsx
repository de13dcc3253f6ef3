import type { SettingsRead } from '../../api/project-status.ts';
import type { Project } from '../../api/types.ts';
import type { StatusScreen as Screen } from '../../domain/project-status.ts';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { BuildingScreen } from './BuildingScreen.tsx';
import { ConnectingScreen } from './ConnectingScreen.tsx';
import { PauseFailedScreen, RestoreFailedScreen } from './OperationFailedScreen.tsx';
import { PausingScreen } from './PausingScreen.tsx';
import { ResizingScreen } from './ResizingScreen.tsx';
import { RestartingScreen } from './RestartingScreen.tsx';
import { RestoringScreen } from './RestoringScreen.tsx';
import { UpgradingScreen } from './UpgradingScreen.tsx';
import * as css from './StatusScreens.css.ts';

/** The screen of spec A2.8 for a project that is not simply active (loaded lazily by ProjectStatusGate). */
export function StatusScreen({
  screen,
  project,
  status,
  settings,
  trackingId,
}: {
  screen: Exclude<Screen, 'none' | 'loading'>;
  project: Project;
  status: string;
  settings: SettingsRead | null;
  trackingId?: string;
}) {
  switch (screen) {
    case 'restarting':
      return <RestartingScreen project={project} />;
    case 'resizing':
      return <ResizingScreen project={project} />;
    case 'upgrading':
      return <UpgradingScreen project={project} trackingId={trackingId} />;
    case 'pausing':
      return <PausingScreen project={project} />;
    case 'pauseFailed':
      return <PauseFailedScreen project={project} />;
    case 'connecting':
      return <ConnectingScreen project={project} />;
    case 'restoring':
      return <RestoringScreen project={project} />;
    case 'restoreFailed':
      return <RestoreFailedScreen project={project} />;
    case 'building':
      return <BuildingScreen project={project} status={status} settings={settings} />;
    case 'paused':
      return (
        <div className={css.screen} data-testid="status-paused">
          <ProjectPausedCard project={project} />
        </div>
      );
  }
}

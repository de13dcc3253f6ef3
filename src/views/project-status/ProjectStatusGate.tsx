import type { ReactNode } from 'react';
import { Navigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectProject, selectScreen, selectStatus } from '../../../machines/project-status.selectors.ts';
import type { SettingsRead } from '../../api/project-status.ts';
import type { Project } from '../../api/types.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { stripBasePath } from '../../domain/navigation/paths.ts';
import { routeKind, type StatusScreen } from '../../domain/project-status.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ProjectPausedCard } from '../shared/ProjectPausedCard.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import { BuildingScreen } from './BuildingScreen.tsx';
import { ConnectingScreen } from './ConnectingScreen.tsx';
import { PauseFailedScreen, RestoreFailedScreen } from './OperationFailedScreen.tsx';
import { PausingScreen } from './PausingScreen.tsx';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import { ResizingScreen } from './ResizingScreen.tsx';
import { RestartingScreen } from './RestartingScreen.tsx';
import { RestoringScreen } from './RestoringScreen.tsx';
import { UpgradingScreen } from './UpgradingScreen.tsx';
import * as css from './StatusScreens.css.ts';

export interface ProjectStatusGateProps {
  /** The building screen's API keys panel data (project route loader). */
  settings: SettingsRead | null;
  /** ?trackingId of the upgrade screen (spec A2.8). */
  trackingId?: string;
  /** The page. */
  children: ReactNode;
}

/** The project layout by status (spec A2.8): the screen the precedence of A4.1 picks, or the page itself. */
export function ProjectStatusGate({ settings, trackingId, children }: ProjectStatusGateProps) {
  const actor = useProjectStatusActor();
  const pathname = useRouterState({ select: (s) => stripBasePath(s.location.pathname) });
  const kind = routeKind(pathname);
  const screen = useSelector(actor, selectScreen(kind));
  const project = useSelector(actor, selectProject);
  const status = useSelector(actor, selectStatus);
  const { flags } = useAppContext();

  if (screen === 'none') return <>{children}</>;
  if (screen === 'loading' || !project) {
    return (
      <div className={css.screen} data-testid="status-loading">
        <Spinner label="Loading project" size={20} />
      </div>
    );
  }
  // spec A2.8: under the homeNew flag a building project goes to its home page.
  if (screen === 'building' && kind !== 'home' && isEnabled(flags, 'homeNew')) {
    return <Navigate to="/project/$ref" params={{ ref: project.ref }} replace />;
  }
  return <Screen screen={screen} project={project} status={status ?? ''} settings={settings} trackingId={trackingId} />;
}

function Screen({
  screen,
  project,
  status,
  settings,
  trackingId,
}: {
  screen: Exclude<StatusScreen, 'none' | 'loading'>;
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

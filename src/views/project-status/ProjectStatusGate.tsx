import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectProject, selectScreen, selectStatus } from '../../../machines/project-status.selectors.ts';
import type { SettingsRead } from '../../api/project-status.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { stripBasePath } from '../../domain/navigation/paths.ts';
import { routeKind } from '../../domain/project-status.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFeatureFlags } from '../shared/useAppContext.ts';
import { useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
import * as css from './StatusScreens.css.ts';

// The screens (and with them react-aria's dialogs, the lifecycle actors and the API keys panels) load only when a
// project is in one of their states: an active project's pages never carry them (issue 15: first-load JavaScript).
const Screen = lazy(() => import('./StatusScreen.tsx').then((module) => ({ default: module.StatusScreen })));

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
  const flags = useFeatureFlags();

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
  return (
    <Suspense fallback={<div className={css.screen} aria-busy="true" />}>
      <Screen screen={screen} project={project} status={status ?? ''} settings={settings} trackingId={trackingId} />
    </Suspense>
  );
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { ProjectStatusMachine } from '../../../machines/project-status.machine.ts';
import { projectStatusWithPlatform } from '../../actors/project-status.ts';
import type { Project } from '../../api/types.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export type ProjectStatusActor = ActorRefFrom<ProjectStatusMachine>;

const ProjectStatusContext = createContext<ProjectStatusActor | null>(null);

/**
 * The project's status actor (spec A4.1), one per project: created by the project route layout (keyed by ref) and
 * handed to the views below it. The route's loader data is forwarded as `project.loaded`.
 */
export function ProjectStatusProvider({
  project,
  children,
  logic: given,
}: {
  project: Project;
  children: ReactNode;
  /** Tests give the machine with fake effects; the app uses the platform's. */
  logic?: ProjectStatusMachine;
}) {
  const router = useRouter();
  const logic = useMemo(() => given ?? projectStatusWithPlatform(() => router.invalidate()), [given, router]);
  // Development only: report to the local statechart viewer (issue 26); the constant false drops it from builds.
  const actor = useActorRef(logic, { input: { ref: project.ref, project }, inspect: devInspect });

  // The route owns the data: a reloaded project (a new loader result) is the truth from then on. The first
  // project is the actor's input already.
  const first = useRef(project);
  useEffect(() => {
    if (project !== first.current) actor.send({ type: 'project.loaded', project });
  }, [actor, project]);

  // The chrome (header, sidebar, product menu) sits above the project route: let it read this actor's status
  // through the shell's provider, for as long as this route is mounted.
  const register = useContext(RegisterLiveStatusContext);
  useEffect(() => register?.(actor), [register, actor]);

  return <ProjectStatusContext.Provider value={actor}>{children}</ProjectStatusContext.Provider>;
}

/** The project-status actor of the current project (inside the project route). */
export function useProjectStatusActor(): ProjectStatusActor {
  const actor = useContext(ProjectStatusContext);
  if (!actor) throw new Error('useProjectStatusActor is used outside the project route (no ProjectStatusProvider)');
  return actor;
}

/** The project-status actor when inside a project route, else null (views used on other pages too). */
export function useOptionalProjectStatusActor(): ProjectStatusActor | null {
  return useContext(ProjectStatusContext);
}

// ---- the live status for the chrome ----
// The shell owns it (LiveProjectStatusProvider in AppShell): the project route registers its status actor while
// mounted and the chrome above reads it. Nothing lives in the module (issue 15: no global stores), so two consoles,
// or a console and a test, never see each other's actors.

const RegisterLiveStatusContext = createContext<((actor: ProjectStatusActor) => () => void) | null>(null);
const LiveStatusActorContext = createContext<ProjectStatusActor | null>(null);

/** Mounted by the shell above both its chrome and the routes: holds the mounted project route's status actor. */
export function LiveProjectStatusProvider({ children }: { children: ReactNode }) {
  const [actor, setActor] = useState<ProjectStatusActor | null>(null);
  const register = useCallback((next: ProjectStatusActor) => {
    setActor(next);
    return () => setActor((current) => (current === next ? null : current));
  }, []);
  return (
    <RegisterLiveStatusContext.Provider value={register}>
      <LiveStatusActorContext.Provider value={actor}>{children}</LiveStatusActorContext.Provider>
    </RegisterLiveStatusContext.Provider>
  );
}

/**
 * The status the project-status actor of `ref` holds now (polled or assumed), or undefined when no project route
 * for it is mounted. The shell reads it so its menus follow the live status rather than the loaded one.
 */
export function useLiveProjectStatus(ref: string | undefined): string | undefined {
  const live = useContext(LiveStatusActorContext);
  const actor = ref && live?.getSnapshot().context.ref === ref ? live : undefined;
  return useSelector(actor, (snapshot) => snapshot?.context.status ?? undefined);
}

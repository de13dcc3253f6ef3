import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { ProjectStatusMachine } from '../../../machines/project-status.machine.ts';
import { projectStatusWithPlatform } from '../../actors/project-status.ts';
import type { Project } from '../../api/types.ts';

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
  const actor = useActorRef(logic, { input: { ref: project.ref, project } });

  // The route owns the data: a reloaded project (a new loader result) is the truth from then on. The first
  // project is the actor's input already.
  const first = useRef(project);
  useEffect(() => {
    if (project !== first.current) actor.send({ type: 'project.loaded', project });
  }, [actor, project]);

  // The chrome (header, sidebar, product menu) sits above the project route: let it read this actor's status.
  useEffect(() => registerLiveStatus(project.ref, actor), [project.ref, actor]);

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

const live = new Map<string, ProjectStatusActor>();
const registryListeners = new Set<() => void>();

function registerLiveStatus(ref: string, actor: ProjectStatusActor): () => void {
  live.set(ref, actor);
  registryListeners.forEach((listener) => listener());
  return () => {
    if (live.get(ref) === actor) live.delete(ref);
    registryListeners.forEach((listener) => listener());
  };
}

/**
 * The status the project-status actor of `ref` holds now (polled or assumed), or undefined when no project route
 * for it is mounted. The shell reads it so its menus follow the live status rather than the loaded one.
 */
export function useLiveProjectStatus(ref: string | undefined): string | undefined {
  const subscribe = useMemo(
    () => (onChange: () => void) => {
      if (!ref) return () => {};
      let subscription = live.get(ref)?.subscribe(onChange);
      const onRegistry = () => {
        subscription?.unsubscribe();
        subscription = live.get(ref)?.subscribe(onChange);
        onChange();
      };
      registryListeners.add(onRegistry);
      return () => {
        registryListeners.delete(onRegistry);
        subscription?.unsubscribe();
      };
    },
    [ref],
  );
  return useSyncExternalStore(subscribe, () => (ref ? (live.get(ref)?.getSnapshot().context.status ?? undefined) : undefined));
}

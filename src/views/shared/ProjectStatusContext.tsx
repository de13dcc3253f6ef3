import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
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

/**
 * The mounted project route's status actor, as a store the chrome subscribes to. The provider's context value never
 * changes: a route registering its actor re-renders only the readers whose status changes (issue 25: the whole
 * chrome rendered a second time on every project page's first load when the value was the actor itself).
 */
interface LiveStatusStore {
  register(actor: ProjectStatusActor): () => void;
  current(): ProjectStatusActor | null;
  subscribe(listener: () => void): () => void;
}

function createLiveStatusStore(): LiveStatusStore {
  let actor: ProjectStatusActor | null = null;
  const listeners = new Set<() => void>();
  const set = (next: ProjectStatusActor | null) => {
    if (next === actor) return;
    actor = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    register(next) {
      set(next);
      return () => {
        if (actor === next) set(null);
      };
    },
    current: () => actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const RegisterLiveStatusContext = createContext<((actor: ProjectStatusActor) => () => void) | null>(null);
const LiveStatusStoreContext = createContext<LiveStatusStore | null>(null);

/** Mounted by the shell above both its chrome and the routes: holds the mounted project route's status actor. */
export function LiveProjectStatusProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLiveStatusStore);
  return (
    <RegisterLiveStatusContext.Provider value={store.register}>
      <LiveStatusStoreContext.Provider value={store}>{children}</LiveStatusStoreContext.Provider>
    </RegisterLiveStatusContext.Provider>
  );
}

/**
 * The status the project-status actor of `ref` holds now (polled or assumed), or undefined when no project route
 * for it is mounted. The shell reads it so its menus follow the live status rather than the loaded one.
 * With `unless`, a status equal to it reads as undefined: a reader that only needs to know when the live status
 * differs from the one it has (the loaded project's) is not re-rendered when the route's actor arrives agreeing.
 */
export function useLiveProjectStatus(ref: string | undefined, unless?: string): string | undefined {
  const store = useContext(LiveStatusStoreContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!store) return () => {};
      // The registered actor's snapshots, and another actor registered in its place.
      let followed: { unsubscribe(): void } | null = null;
      const follow = () => {
        followed?.unsubscribe();
        followed = store.current()?.subscribe(onChange) ?? null;
      };
      follow();
      const off = store.subscribe(() => {
        follow();
        onChange();
      });
      return () => {
        off();
        followed?.unsubscribe();
      };
    },
    [store],
  );
  const read = () => {
    const actor = store?.current();
    if (!ref || !actor) return undefined;
    const { context } = actor.getSnapshot();
    if (context.ref !== ref) return undefined;
    const status = context.status ?? undefined;
    return status === unless ? undefined : status;
  };
  return useSyncExternalStore(subscribe, read, read);
}

// The project layout's holder for the editors' per-project state (spec B2.2 tabs and recent items, B2.7 role
// impersonation): the table editor and the SQL editor share it across their routes, so it lives above them, but the
// actors are created by the editors on first use. The layout then imports no editor code, which project home and the
// other pages would load for nothing (issue 15: first-load JavaScript).
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

interface Holder {
  projectRef: string;
  slots: Map<string, unknown>;
  stopping?: ReturnType<typeof setTimeout>;
}

const ProjectEditorStateContext = createContext<Holder | null>(null);

/** Mounted by the project layout, keyed by project ref by its parent: one set of editor actors per project. */
export function ProjectEditorStateProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const [holder] = useState<Holder>(() => ({ projectRef, slots: new Map() }));
  // The slots' actors live as long as the layout and are stopped with it (issue 15). The stop waits one task so
  // that React's StrictMode unmount/remount check (development) does not stop actors the remounted tree still uses.
  useEffect(() => {
    clearTimeout(holder.stopping);
    return () => {
      holder.stopping = setTimeout(() => {
        for (const slot of holder.slots.values()) (slot as { stop?: () => void } | null)?.stop?.();
        holder.slots.clear();
      });
    };
  }, [holder]);
  return <ProjectEditorStateContext.Provider value={holder}>{children}</ProjectEditorStateContext.Provider>;
}

/**
 * The project's `key` slot, created with `create(projectRef)` on first use and kept for the layout's lifetime;
 * null outside a project layout, or when `skip` (an explicit provider answers instead, as in tests).
 */
export function useProjectEditorSlot<T>(key: string, create: (projectRef: string) => T, skip = false): T | null {
  const holder = useContext(ProjectEditorStateContext);
  if (!holder || skip) return null;
  if (!holder.slots.has(key)) holder.slots.set(key, create(holder.projectRef));
  return holder.slots.get(key) as T;
}

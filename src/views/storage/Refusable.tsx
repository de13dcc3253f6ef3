// Storage writes a member may not take (issue 14 item 4): the control stays in place, disabled, and says why on
// hover and keyboard focus (spec A6/B6 'You need additional permissions to …'). Disabled buttons take no focus,
// so the tooltip hangs on a focusable wrapper named by the reason (the pattern of the project settings pages).
import { useCallback, type ReactNode } from 'react';
import type { Project } from '../../api/types.ts';
import { canWriteStorage, storageWriteRefused, type StorageWrite } from '../../domain/permissions.ts';
import { Focusable, WithTooltip } from '../../ui/Tooltip.tsx';
import { useProjectRole } from '../shared/useProjectRole.ts';
import * as css from './Storage.css.ts';

/** Why the current member may not take `write`, or null when they may. Unknown role (still loading): refused. */
export type StorageRefusal = (write: StorageWrite) => string | null;

export function useStorageRefusal(project: Pick<Project, 'organization_id' | 'organization_slug'>): StorageRefusal {
  const role = useProjectRole(project);
  return useCallback((write: StorageWrite) => (canWriteStorage(role, write) ? null : storageWriteRefused(write)), [role]);
}

/** `children` as they are when `refused` is null; otherwise wrapped so the reason shows. The child disables itself. */
export function Refusable({ refused, children }: { refused: string | null; children: ReactNode }) {
  if (refused === null) return <>{children}</>;
  return (
    <WithTooltip content={refused} delay={0}>
      <Focusable>
        <span role="img" tabIndex={0} aria-label={refused} className={css.refusable}>
          {children}
        </span>
      </Focusable>
    </WithTooltip>
  );
}

// The delete-project modal (spec A2.9, A5) is loaded on its first opening: the settings page and the failed-operation
// screens render it closed, and its form, exit survey and react-aria dialog code would otherwise be in their first
// load (issue 15). Once loaded it stays mounted, so closing keeps the modal's exit as before.
import { lazy, Suspense, useRef } from 'react';
import type { DeleteProjectModalProps } from './DeleteProjectModalView.tsx';

export type { DeleteProjectModalProps } from './DeleteProjectModalView.tsx';

const DeleteProjectModalView = lazy(() => import('./DeleteProjectModalView.tsx').then((module) => ({ default: module.DeleteProjectModal })));

export function DeleteProjectModal(props: DeleteProjectModalProps) {
  const opened = useRef(false);
  if (props.isOpen) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <DeleteProjectModalView {...props} />
    </Suspense>
  );
}

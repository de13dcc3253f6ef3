// STUB (issue 8, helper V fills it in): owns the upload queue actor and renders the progress toast.
import type { ReactNode } from 'react';

export function UploadsProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

import { lazy, Suspense, useRef } from 'react';
import type { SheetProps } from './Sheet.tsx';

// A Sheet whose code (react-aria's modal, dialog and focus scope) is loaded on its first opening: the mobile bar
// renders its menu sheet closed on every signed-in page (issue 15: first-load JavaScript). Once loaded it stays
// mounted, so closing keeps the sheet's exit as before.
const Sheet = lazy(() => import('./Sheet.tsx').then((module) => ({ default: module.Sheet })));

export function LazySheet(props: SheetProps) {
  const opened = useRef(false);
  if (props.isOpen || props.defaultOpen) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}

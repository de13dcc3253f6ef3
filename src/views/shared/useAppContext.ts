// The app-wide context, for any view area (beside the other shared pieces, DESIGN §2).
import { useMemo, useSyncExternalStore } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { AppContext } from '../../app-context.ts';

const noSubscription = () => () => {};

/**
 * The app-wide actors and settings created in main.tsx (router context), with the flag values of the moment: the
 * flags provider changes them as remote flags load and when an admin changes one (spec A4.12, issue 21).
 */
export function useAppContext(): AppContext {
  const context = useRouter().options.context as AppContext;
  const store = context.flagStore;
  const flags = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? (() => context.flags));
  return useMemo(() => (flags === context.flags ? context : { ...context, flags }), [context, flags]);
}

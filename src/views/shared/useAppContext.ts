// The app-wide context, for any view area (beside the other shared pieces, DESIGN §2).
import { useSyncExternalStore } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { AppContext } from '../../app-context.ts';
import type { FeatureFlags } from '../../domain/navigation/flags.ts';

/** The app-wide actors and settings created once in main.tsx and carried by the router context (DESIGN §3). */
export function useAppContext(): AppContext {
  return useRouter().options.context as AppContext;
}

/**
 * The flag values of the moment (spec A4.12) from the app-wide flag store: the flags provider changes them as remote
 * flags load and when an admin changes one (issue 21), and every reader re-renders.
 */
export function useFeatureFlags(): FeatureFlags {
  const { flagStore } = useAppContext();
  return useSyncExternalStore(flagStore.subscribe, flagStore.get);
}

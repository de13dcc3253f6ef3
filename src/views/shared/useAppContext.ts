// The app-wide context, for any view area (beside the other shared pieces, DESIGN §2).
import { useRouter } from '@tanstack/react-router';
import type { AppContext } from '../../app-context.ts';

/** The app-wide actors and settings created in main.tsx (router context). */
export function useAppContext(): AppContext {
  return useRouter().options.context as AppContext;
}

// The app-wide context, for any view area (moved beside the other shared pieces; src/views/shell/useAppContext.ts is
// the same hook until the shell imports this one — TODO(issue 15)).
import { useRouter } from '@tanstack/react-router';
import type { AppContext } from '../../app-context.ts';

/** The app-wide actors and settings created in main.tsx (router context). */
export function useAppContext(): AppContext {
  return useRouter().options.context as AppContext;
}

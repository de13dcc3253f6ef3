import { useRouter } from '@tanstack/react-router';
import type { SessionActor } from '../../actors/session.ts';

type RouterLike = { options: { context?: unknown; basepath?: string }; navigate: (options: { to: string }) => unknown };

/** The app's session actor: the one given, else the router context's (main.tsx), else none (tests). */
export function useAuthSession(session?: SessionActor): SessionActor | undefined {
  const router = useRouter({ warn: false }) as RouterLike | undefined;
  return session ?? (router?.options.context as { session?: SessionActor } | undefined)?.session;
}

/** Links between the auth screens: client-side through the router when there is one, else plain hrefs. */
export function useAuthNavigation(): { href: (to: string) => string; navigate: ((to: string) => void) | undefined } {
  const router = useRouter({ warn: false }) as RouterLike | undefined;
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/$/, '');
  return {
    href: (to) => `${base}${to}`,
    navigate: router ? (to) => void router.navigate({ to }) : undefined,
  };
}

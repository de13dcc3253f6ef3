// The JWT secret update actor of a settings page (spec A4.9): created per page, its notices turned into toasts and a
// reload of the route's keys.
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectJwtChecking, selectJwtConfirming, selectJwtError, selectJwtProgress, selectJwtUpdating } from '../../../machines/jwt-secret-update.selectors.ts';
import { jwtSecretUpdateWithPlatform } from '../../actors/api-keys.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import { toast } from '../../ui/toast.ts';

export function useJwtSecretUpdate(ref: string) {
  const router = useRouter();
  const actor = useActorRef(jwtSecretUpdateWithPlatform, { input: { ref }, inspect: devInspect });
  useEffect(() => {
    const subscriptions = [
      actor.on('notice.updated', () => void router.invalidate()),
      actor.on('notice.toast', (notice) => (notice.kind === 'success' ? toast.success(notice.message) : toast.error(notice.message))),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, router]);
  return {
    actor,
    updating: useSelector(actor, selectJwtUpdating),
    checking: useSelector(actor, selectJwtChecking),
    confirming: useSelector(actor, selectJwtConfirming),
    error: useSelector(actor, selectJwtError),
    progress: useSelector(actor, selectJwtProgress),
  };
}

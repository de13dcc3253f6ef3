// One secret key (service_role or a secret key): masked until revealed; Reveal and Copy fetch it in full and are
// offered only when permitted and the JWT secret is not updating (spec A2.13, A4.9); 'Copied' for 2 s (C§9).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectKeyBusy, selectKeyCopied, selectKeyError, selectKeyLocked, selectKeyShown, selectRevealedKey } from '../../../machines/key-reveal.selectors.ts';
import { keyRevealWithPlatform } from '../../actors/api-keys.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import { API_KEYS_TEXT } from '../../domain/project-screens.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckIcon, CopyIcon } from '../../ui/Icon.tsx';
import * as css from './ApiKeys.css.ts';

export interface SecretKeyValueProps {
  projectRef: string;
  keyId: string;
  /** What shows while masked (the platform's masked form), or null when the member may not read it. */
  masked: string | null;
  permitted: boolean;
  jwtUpdating: boolean;
  label: string;
}

export function SecretKeyValue({ projectRef, keyId, masked, permitted, jwtUpdating, label }: SecretKeyValueProps) {
  const actor = useActorRef(keyRevealWithPlatform, { input: { ref: projectRef, keyId, permitted, jwtUpdating }, inspect: devInspect });
  // The JWT secret's update state lives in the page's actor: forwarded so this key locks (and masks) while it runs.
  useEffect(() => {
    actor.send({ type: 'jwt.status', updating: jwtUpdating });
  }, [actor, jwtUpdating]);
  const revealed = useSelector(actor, selectRevealedKey);
  const shown = useSelector(actor, selectKeyShown);
  const copied = useSelector(actor, selectKeyCopied);
  const busy = useSelector(actor, selectKeyBusy);
  const locked = useSelector(actor, selectKeyLocked);
  const error = useSelector(actor, selectKeyError);
  const text = !permitted ? API_KEYS_TEXT.hiddenValue : (revealed ?? masked ?? '•'.repeat(40));
  return (
    <div className={css.field}>
      <div className={css.valueRow}>
        <code className={css.value} aria-label={`${label} value`}>
          {text}
        </code>
        {permitted && (
          <>
            <Button
              size="tiny"
              variant="default"
              isDisabled={locked || busy}
              onPress={() => actor.send({ type: shown ? 'key.hide' : 'key.reveal' })}
              aria-label={`${shown ? 'Hide' : 'Reveal'} ${label}`}
            >
              {shown ? 'Hide' : 'Reveal'}
            </Button>
            <Button
              size="tiny"
              variant="default"
              isDisabled={locked || busy}
              icon={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
              onPress={() => actor.send({ type: 'key.copy' })}
              aria-label={copied ? 'Copied' : `Copy ${label}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </>
        )}
      </div>
      {error && (
        <p className={css.warning} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

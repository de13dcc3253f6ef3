// Plain selectors of the key reveal actor (spec A2.13, A4.9).
import type { SnapshotFrom } from 'xstate';
import type { KeyRevealMachine } from './key-reveal.machine.ts';

export type KeyRevealSnapshot = SnapshotFrom<KeyRevealMachine>;

/** The full key while it shows, else null (the view shows the masked form). */
export const selectRevealedKey = (s: KeyRevealSnapshot): string | null => (s.context.shown ? s.context.value : null);
export const selectKeyShown = (s: KeyRevealSnapshot): boolean => s.context.shown;
export const selectKeyCopied = (s: KeyRevealSnapshot): boolean => s.matches('copied');
export const selectKeyBusy = (s: KeyRevealSnapshot): boolean => s.hasTag('busy');
/** Reveal and copy are offered only when permitted and the JWT secret is not updating (spec A4.9). */
export const selectKeyLocked = (s: KeyRevealSnapshot): boolean => !s.context.permitted || s.context.jwtUpdating;
export const selectKeyError = (s: KeyRevealSnapshot): string | null => s.context.error;

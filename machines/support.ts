// Helpers every machine shares. Pure: no effects, nothing from src/ but src/domain (DESIGN §2).

/**
 * The loud default of an effect nobody provided (DESIGN §3): the real one is injected with `machine.provide`, so a
 * machine run without it fails saying which — "the 'fetch status' actor is not provided".
 */
export function notProvided(name: string, kind: 'actor' | 'action' = 'actor'): never {
  throw new Error(`the '${name}' ${kind} is not provided`);
}

/** `notProvided` as the body of an actor or action: `fromPromise(notProvidedStub('fetch rows'))`. */
export const notProvidedStub =
  (name: string, kind: 'actor' | 'action' = 'actor') =>
  (): never =>
    notProvided(name, kind);

// The one error-message helper (src/domain/errors.ts), for the machines' failure texts.
export { errorMessage } from '../src/domain/errors.ts';

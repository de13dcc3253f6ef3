// Types shared by the Hono app and its route modules.
import type { AccessClaims } from './session.ts';
import type { Services } from '../services.ts';

export interface AppEnv {
  Variables: {
    user: AccessClaims;
    services: Services;
  };
}

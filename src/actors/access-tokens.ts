// Real effects of /account/tokens: create a personal access token (shown once) and revoke one.
import { taskWith } from '../../machines/task.machine.ts';
import { createAccessToken, revokeAccessToken } from '../api/oauth.ts';

export const createAccessTokenTask = taskWith((input: { name: string; expires_in_days: number | null }) => createAccessToken(input));

export const revokeAccessTokenTask = taskWith(({ id }: { id: string }) => revokeAccessToken(id));

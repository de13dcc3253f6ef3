// Real effect of the OAuth consent screen (spec A2.14): approve or deny, answered with the redirect URL to follow.
import { taskWith } from '../../machines/task.machine.ts';
import { answerAuthorization } from '../api/oauth.ts';

export const consentDecisionTask = taskWith(({ id, action }: { id: string; action: 'approve' | 'deny' }) => answerAuthorization(id, action));

// Membership and spec A6 permission checks of the lifecycle routes: a non-member gets 404 (projectAccess), a
// member whose role may not take the action gets 403 with the spec's "You need additional permissions to …".
import type { Context } from 'hono';
import { can, PERMISSION_MESSAGES, type PermissionAction, type PermissionResource } from '../../src/domain/permissions.ts';
import { projectAccess, type ProjectRow } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { forbidden } from '../http/errors.ts';

export interface Rule {
  action: PermissionAction;
  resource: PermissionResource;
  message: string;
}

const infra = (what: string): Rule => ({
  action: 'INFRA_EXECUTE',
  resource: 'projects',
  message: `You need additional permissions to ${what}`,
});

export const RULES = {
  pause: infra('pause this project'),
  restart: infra('restart this project'),
  resize: infra('change the compute size of this project'),
  upgrade: infra('upgrade this project'),
  backup: infra('create backups of this project'),
  // spec A6: resuming needs INFRA_EXECUTE on queue_jobs.projects.initialize_or_resume.
  restore: {
    action: 'INFRA_EXECUTE',
    resource: 'queue_jobs.projects.initialize_or_resume',
    message: PERMISSION_MESSAGES.resumeProjectTooltip,
  },
} satisfies Record<string, Rule>;

/** The caller's project (any member; the route's `ref`, or `ref` when given), checked against `rule` when given. */
export async function projectFor(c: Context<AppEnv>, rule?: Rule, ref = c.req.param('ref') ?? ''): Promise<ProjectRow> {
  const project = await projectAccess(c.var.services.pool, ref, c.var.user.sub);
  if (rule && !can(project.role, rule.action, rule.resource)) throw forbidden(rule.message);
  return project;
}

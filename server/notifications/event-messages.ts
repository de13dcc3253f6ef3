// Notifications for two more events of issue 21 (spec A2.11): a branch merged into its parent, and a project's
// connections crossing toward the compute size's limit. Same rules as messages.ts: titles plain text, messages
// Markdown with user-chosen names escaped, action urls with [ref] / [slug].
import type { WarningLevel } from '../../src/domain/resource-warnings.ts';
import { markdownText } from './messages.ts';
import type { NewNotification, ProjectFacts } from './writer.ts';

const projectData = (project: ProjectFacts) => ({ project_ref: project.ref, org_slug: project.orgSlug });

/** To the parent project's members once a merge applied something (nothing applied: nothing happened). */
export function branchMergedNotification(parent: ProjectFacts, branchName: string, applied: string[]): NewNotification {
  const count = applied.length === 1 ? '1 migration' : `${applied.length} migrations`;
  const list = applied
    .slice(0, 10)
    .map((name) => `- ${markdownText(name)}`)
    .join('\n');
  const more = applied.length > 10 ? `\n- and ${applied.length - 10} more` : '';
  return {
    data: {
      ...projectData(parent),
      title: `Branch ${branchName} was merged into ${parent.name}`,
      message: `The branch **${markdownText(branchName)}** was merged into **${markdownText(parent.name)}**: ${count} applied.\n\n${list}${more}`,
      actions: [{ label: 'Migrations', url: '/project/[ref]/database/migrations', action_type: 'link' }],
    },
  };
}

/** The compute size's connection limit is near (warning) or reached (critical); spec A2.12's thresholds. */
export function connectionLimitNotification(project: ProjectFacts, level: WarningLevel, connections: number, limit: number): NewNotification {
  const critical = level === 'critical';
  return {
    priority: critical ? 'Critical' : 'Warning',
    data: {
      ...projectData(project),
      title: critical ? `${project.name} is at its connection limit` : `${project.name} is near its connection limit`,
      message:
        `**${markdownText(project.name)}** holds ${connections} of the ${limit} direct connections its compute size allows. ` +
        (critical
          ? 'New connections may be refused: close idle connections, use the connection pooler, or upgrade the compute size.'
          : 'Use the connection pooler for short-lived clients, or upgrade the compute size before connections are refused.'),
      actions: [{ label: 'Compute and disk', url: '/project/[ref]/settings/compute-and-disk', action_type: 'link' }],
    },
  };
}

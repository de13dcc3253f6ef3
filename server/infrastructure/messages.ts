// The notification of a full disk (issue 20; spec A2.11 rules as server/notifications/messages.ts: plain title,
// Markdown message with the project's name escaped, action url with [ref]).
import { markdownText } from '../notifications/messages.ts';
import type { NewNotification, ProjectFacts } from '../notifications/writer.ts';
import { formatBytes } from '../../src/domain/format.ts';

export function diskFullNotification(project: ProjectFacts, databaseBytes: number, diskBytes: number): NewNotification {
  return {
    priority: 'Critical',
    data: {
      project_ref: project.ref,
      org_slug: project.orgSlug,
      title: `${project.name} is in read-only mode: its disk limit is near`,
      message:
        `The database of **${markdownText(project.name)}** uses ${formatBytes(databaseBytes)} of its ${formatBytes(diskBytes)} disk ` +
        '(95 % or more), so it no longer accepts writes. Increase the disk size, or free space, and writes are accepted again.',
      actions: [{ label: 'Compute and disk', url: '/project/[ref]/settings/compute-and-disk', action_type: 'link' }],
    },
  };
}

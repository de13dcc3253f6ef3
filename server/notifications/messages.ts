// What the platform says when something happens (issue 21): the notification for each lifecycle outcome and for
// joining an organization. Titles are plain text; messages Markdown; action urls use [ref] / [slug] (spec A2.11).
import type { OperationKind } from '../lifecycle/operations.ts';
import type { NewNotification, ProjectFacts } from './writer.ts';

/** Markdown-significant characters in a user-chosen name are escaped so a name cannot add links or emphasis. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]()<>#!|~]/g, (c) => `\\${c}`);
}

const projectData = (project: ProjectFacts) => ({ project_ref: project.ref, org_slug: project.orgSlug });

/** The notification of a finished lifecycle operation; null for outcomes nobody needs to be told about. */
export function lifecycleNotification(kind: OperationKind, ok: boolean, project: ProjectFacts, error?: string): NewNotification | null {
  const name = markdownText(project.name);
  const open = { label: 'Open project', url: '/project/[ref]', action_type: 'link' };
  if (!ok) {
    const verb = { pause: 'pause', restore: 'restore', restart: 'restart', resize: 'resize', upgrade: 'upgrade' }[kind];
    return {
      priority: kind === 'pause' || kind === 'restore' ? 'Critical' : 'Warning',
      data: {
        ...projectData(project),
        title: `Failed to ${verb} ${project.name}`,
        message: `The ${verb} of **${name}** failed and its database was put back as it was.${
          error ? `\n\nError: \`${error.replace(/`/g, "'").slice(0, 300)}\`` : ''
        }`,
        actions: [open],
      },
    };
  }
  switch (kind) {
    case 'pause':
      return {
        data: {
          ...projectData(project),
          title: `${project.name} was paused`,
          message: `**${name}** is paused: its database refuses connections and its API is offline.\n\nA backup was taken before pausing; it can be downloaded while the project is paused. Restore the project to use it again.`,
          actions: [open, { label: 'Backups', url: '/project/[ref]/database/backups/scheduled', action_type: 'link' }],
        },
      };
    case 'restore':
      return {
        data: { ...projectData(project), title: `${project.name} was restored`, message: `**${name}** is running again.`, actions: [open] },
      };
    case 'upgrade':
      return {
        data: {
          ...projectData(project),
          title: `${project.name} was upgraded`,
          message: `The Postgres upgrade of **${name}** finished; a full backup was taken after it.`,
          actions: [open],
        },
      };
    default:
      return null;
  }
}

export function joinedOrganizationNotification(org: { slug: string; name: string }, role: string): NewNotification {
  return {
    data: {
      org_slug: org.slug,
      title: `You joined ${org.name}`,
      message: `Your invitation to **${markdownText(org.name)}** was accepted: you are a member with the role *${role.replace('_', ' ')}*.`,
      actions: [{ label: 'Open organization', url: '/org/[slug]', action_type: 'link' }],
    },
  };
}

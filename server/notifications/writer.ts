// The platform's one writer of notifications (issue 21; spec A3 Notification): a row per recipient. Callers pass
// what happened; who should see it is decided here — every member of the project's (or organization's)
// organization, or one profile. Messages are Markdown the console renders sanitised (src/domain/markdown.ts);
// nothing here escapes, because nothing here is rendered.
import type pg from 'pg';
import type { NotificationData, NotificationPriority } from '../../src/domain/notifications.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export interface NewNotification {
  priority?: NotificationPriority;
  data: NotificationData;
}

export interface ProjectFacts {
  id: number;
  ref: string;
  name: string;
  orgSlug: string;
}

/** The project's name and organization (for messages); null when it is gone. */
export async function projectFacts(db: Queryable, projectId: number): Promise<ProjectFacts | null> {
  const { rows } = await db.query<ProjectFacts>(
    `select p.id, p.ref, p.name, o.slug as "orgSlug" from projects p join organizations o on o.id = p.organization_id
      where p.id = $1`,
    [projectId],
  );
  return rows[0] ?? null;
}

/** One notification to every member of the project's organization; returns how many rows were written. */
export async function notifyProjectMembers(db: Queryable, projectId: number, notification: NewNotification): Promise<number> {
  const { rowCount } = await db.query(
    `insert into notifications (profile_id, priority, data)
     select m.profile_id, $2, $3 from projects p join members m on m.organization_id = p.organization_id
      where p.id = $1`,
    [projectId, notification.priority ?? 'Info', notification.data],
  );
  return rowCount ?? 0;
}

/** One notification to one profile. */
export async function notifyProfile(db: Queryable, profileId: string, notification: NewNotification): Promise<void> {
  await db.query(`insert into notifications (profile_id, priority, data) values ($1, $2, $3)`, [
    profileId,
    notification.priority ?? 'Info',
    notification.data,
  ]);
}

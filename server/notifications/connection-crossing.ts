// A project's connections against its compute size's limit, measured where the resource banner measures them
// (server/metrics/resource-warnings.ts): when the level rises, its organization's members get one notification.
import type pg from 'pg';
import type { WarningLevel } from '../../src/domain/resource-warnings.ts';
import { connectionLimitNotification } from './event-messages.ts';
import { recordLevel } from './level-crossings.ts';
import { notifyProjectMembers, projectFacts } from './writer.ts';

export const CONNECTIONS_METRIC = 'connections_exhaustion';

export async function notifyConnectionCrossing(
  db: Pick<pg.Pool, 'query'>,
  projectId: number,
  level: WarningLevel | null,
  measures: { connections: number; connectionLimit: number },
): Promise<void> {
  try {
    if (!(await recordLevel(db, projectId, CONNECTIONS_METRIC, level)) || level === null) return;
    const facts = await projectFacts(db, projectId);
    if (facts) await notifyProjectMembers(db, projectId, connectionLimitNotification(facts, level, measures.connections, measures.connectionLimit));
  } catch (error) {
    // The warnings answer matters more than its notification: it is still given.
    console.error('connection limit notification failed:', error instanceof Error ? error.message : 'unknown error');
  }
}

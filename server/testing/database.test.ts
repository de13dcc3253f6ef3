import { describe, it, expect } from 'vitest';
import pg from 'pg';
import { startTestCluster } from './database.ts';

describe('test cluster', () => {
  it('creates a real database that answers queries', async () => {
    const cluster = await startTestCluster();
    try {
      const url = await cluster.createDatabase('probe');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select current_database() as db, version() as v');
      await client.end();
      expect(rows[0].db).toMatch(/^probe_/);
      expect(rows[0].v).toContain('PostgreSQL 15');
    } finally {
      await cluster.close();
    }
  });
});

-- Connection pooling settings of each database (issue 16, spec A2.10 Database Settings #connection-pooling): the
-- transaction pooler's pool mode and the pool size per user and database. The platform's pooler (pgbouncer, when
-- installed) is configured from these.
ALTER TABLE databases ADD COLUMN IF NOT EXISTS pool_mode text NOT NULL DEFAULT 'transaction'
  CHECK (pool_mode IN ('transaction', 'session'));
ALTER TABLE databases ADD COLUMN IF NOT EXISTS default_pool_size integer NOT NULL DEFAULT 15
  CHECK (default_pool_size BETWEEN 1 AND 200);

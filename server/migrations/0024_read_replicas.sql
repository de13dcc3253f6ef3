-- Read replicas (issue 20, spec A4.5): a replica is a `databases` row of type READ_REPLICA (its identifier
-- '{ref}-rr-{suffix}', its region, its status INIT_READ_REPLICA → ACTIVE_HEALTHY | INIT_READ_REPLICA_FAILED,
-- inserted_at), backed by a second database of the same cluster kept in sync by logical replication
-- (server/replicas/setup.ts). The setup's progress is persisted so the console can poll it:
-- setup_step: the last step reached (Requested … CompletedReadReplicaSetup, spec A4.5);
-- setup_failure: the failure of A4.5 the setup ended with (ReadReplicaInstanceLaunchFailed …), null otherwise;
-- setup_error: what Postgres or the tool said (shown under the failure's label);
-- setup_updated_at: when the step last moved.
ALTER TABLE databases ADD COLUMN setup_step text;
ALTER TABLE databases ADD COLUMN setup_failure text;
ALTER TABLE databases ADD COLUMN setup_error text;
ALTER TABLE databases ADD COLUMN setup_updated_at timestamptz;

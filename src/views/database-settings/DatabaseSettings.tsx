// /project/{ref}/database/settings (spec A2.2, A2.10): reset the database password, and the connection pooling
// configuration (#connection-pooling, #connection-pooler) — pool mode and pool size, with where the poolers listen
// or why none runs. Writes go through the task machine; the platform checks the role again (A6).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { resetPasswordTask, savePoolerTask } from '../../actors/connect.ts';
import type { Project } from '../../api/types.ts';
import { CONNECT_STRINGS, SESSION_POOLER_PORT, TRANSACTION_POOLER_PORT } from '../../domain/connect/constants.ts';
import { POOL_SIZE_MAX, POOL_SIZE_MIN, poolSizeProblem, type PoolMode, type PoolerConfig } from '../../domain/connect/methods.ts';
import { can } from '../../domain/permissions.ts';
import { DB_PASSWORD_MIN_LENGTH } from '../../domain/password-strength.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import * as page from '../shared/ProjectLifecycle.css.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTask } from '../shared/useTask.ts';

const NO_PERMISSION = 'You need additional permissions to change the database settings';

export function DatabaseSettings({ project, poolers }: { project: Project; poolers: PoolerConfig[] }) {
  const allowed = can(useProjectRole(project), 'UPDATE', 'projects');
  return (
    <div className={page.page}>
      <div>
        <h1 id="database-settings-title" className={page.title}>
          Database Settings
        </h1>
        <p className={page.subtitle}>The database password and connection pooling of this project.</p>
      </div>
      <PasswordReset projectRef={project.ref} allowed={allowed} active={project.status === 'ACTIVE_HEALTHY'} />
      {poolers.map((pooler) => (
        <Pooling key={pooler.identifier} projectRef={project.ref} pooler={pooler} allowed={allowed} />
      ))}
      <DiskSize projectRef={project.ref} />
    </div>
  );
}

// spec A2.12, B2.9: the disk may be increased from Database Settings; the form (with its 6 h cooldown) lives on
// Compute and Disk, so this section leads there.
function DiskSize({ projectRef }: { projectRef: string }) {
  return (
    <section id="disk-size" className={page.card} aria-labelledby="disk-size-title">
      <h2 id="disk-size-title" className={page.cardTitle}>
        Disk size
      </h2>
      <p className={page.text}>
        At 95 % of its disk the database becomes read-only until space is freed or the disk grows. The disk can be
        increased up to 200GB; disk attributes can be changed once every 6 hours.
      </p>
      <div>
        <Link to="/project/$ref/settings/compute-and-disk" params={{ ref: projectRef }} hash="disk">
          Increase the disk size
        </Link>
      </div>
    </section>
  );
}

function PasswordReset({ projectRef, allowed, active }: { projectRef: string; allowed: boolean; active: boolean }) {
  const [password, setPassword] = useState('');
  const task = useTask(resetPasswordTask, {
    onDone: () => {
      setPassword('');
      toast.success('Database password updated');
    },
  });
  const short = password.length > 0 && password.length < DB_PASSWORD_MIN_LENGTH;
  return (
    <section id="database-password" className={page.card} aria-labelledby="database-password-title">
      <h2 id="database-password-title" className={page.cardTitle}>
        Database password
      </h2>
      <p className={page.text}>
        {CONNECT_STRINGS.passwordNote} Resetting it changes it at once: connections that log in with the old password are refused, and your apps need
        the new one.
      </p>
      <form
        className={page.actions}
        onSubmit={(event) => {
          event.preventDefault();
          if (!short && password) task.run({ ref: projectRef, password });
        }}
      >
        <TextField
          label="New database password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          isDisabled={!allowed || !active}
          isInvalid={short}
          errorMessage={`Password must be at least ${DB_PASSWORD_MIN_LENGTH} characters`}
          description={!allowed ? NO_PERMISSION : !active ? 'The project must be active to reset its password.' : undefined}
        />
        <Button type="submit" variant="primary" isDisabled={!allowed || !active || short || !password} isPending={task.running}>
          Reset database password
        </Button>
      </form>
      {task.error ? (
        <p role="alert" className={page.alert}>
          {task.error}
        </p>
      ) : null}
    </section>
  );
}

function Pooling({ projectRef, pooler, allowed }: { projectRef: string; pooler: PoolerConfig; allowed: boolean }) {
  const [saved, setSaved] = useState(pooler);
  const [mode, setMode] = useState<PoolMode>(pooler.pool_mode);
  const [size, setSize] = useState(String(pooler.default_pool_size));
  const task = useTask(savePoolerTask, {
    onDone: (configs) => {
      const next = configs.find((c) => c.identifier === pooler.identifier);
      if (next) setSaved(next);
      toast.success('Connection pooling configuration saved');
    },
  });
  const sizeProblem = poolSizeProblem(Number(size.trim() === '' ? NaN : size));
  const unchanged = mode === saved.pool_mode && Number(size) === saved.default_pool_size;
  return (
    <section id="connection-pooling" className={page.card} aria-labelledby="connection-pooler">
      <h2 id="connection-pooler" className={page.cardTitle}>
        Connection pooling configuration
      </h2>
      {saved.running ? (
        <p className={page.text}>
          The transaction pooler listens on {saved.db_host}:{saved.db_port} (port {TRANSACTION_POOLER_PORT} on the hosted platform) and the session
          pooler on {saved.db_host}:{saved.session_port} (port {SESSION_POOLER_PORT} there).
        </p>
      ) : (
        <p className={page.notice} role="status">
          {saved.unavailable_reason}
        </p>
      )}
      <form
        className={page.actions}
        onSubmit={(event) => {
          event.preventDefault();
          if (!sizeProblem) task.run({ ref: projectRef, poolMode: mode, poolSize: Number(size) });
        }}
      >
        <Select
          label="Pool Mode"
          description={mode === 'session' ? CONNECT_STRINGS.transactionUnavailable : 'The transaction pooler hands a connection back after each transaction.'}
          options={[
            { id: 'transaction', label: 'Transaction' },
            { id: 'session', label: 'Session' },
          ]}
          selectedKey={mode}
          onSelectionChange={(key: Key | null) => key && setMode(key as PoolMode)}
          isDisabled={!allowed}
        />
        <TextField
          label="Pool Size"
          inputMode="numeric"
          value={size}
          onChange={setSize}
          isDisabled={!allowed}
          isInvalid={sizeProblem !== null}
          errorMessage={sizeProblem ?? undefined}
          description={`Server connections per user and database, ${POOL_SIZE_MIN}–${POOL_SIZE_MAX}.`}
        />
        <Button type="submit" variant="primary" isDisabled={!allowed || sizeProblem !== null || unchanged} isPending={task.running}>
          Save
        </Button>
      </form>
      {!allowed ? <p className={page.text}>{NO_PERMISSION}</p> : null}
      {task.error ? (
        <p role="alert" className={page.alert}>
          {task.error}
        </p>
      ) : null}
    </section>
  );
}

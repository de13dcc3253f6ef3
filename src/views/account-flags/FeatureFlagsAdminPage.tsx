// /account/flags (issue 21; spec A4.12): platform admins (STRATA_PLATFORM_ADMINS) list the flags of both sources and
// turn one on, off or back to the console's default; open consoles follow at their next poll (420 s). The route
// shows this page to admins only.
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { resetFlagTask, setFlagTask, storedFlagsRead } from '../../actors/flags-admin.ts';
import { adminFlagRows, filterFlagRows, flagNameProblem, FLAG_SOURCES, flagValueLabel, noFlagsMatch, type FlagSource } from '../../domain/flags-admin.ts';
import { defaultFlags, FEATURE_FLAGS, flagKey } from '../../domain/navigation/flags.ts';
import { useTask, useTaskRead } from '../shared/useTask.ts';
import * as css from './FeatureFlagsAdminPage.css.ts';

const DEFAULTS = defaultFlags(false);
const defaultOn = (name: string) => DEFAULTS[flagKey(name)] !== false;
const VALUE_OPTIONS = [
  { id: 'on', label: 'On' },
  { id: 'off', label: 'Off' },
] as const;

export function FeatureFlagsAdminPage() {
  const [version, setVersion] = useState(0);
  const [source, setSource] = useState<FlagSource>('remote');
  const [search, setSearch] = useState('');
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState<'on' | 'off'>('on');
  const read = useTaskRead(storedFlagsRead, undefined, String(version));
  const reread = () => setVersion((v) => v + 1);
  const set = useTask(setFlagTask, {
    onDone: (flag) => {
      toast.success(`Flag ${flag.settingKey} set to ${JSON.stringify(flag.settingValue)}`);
      reread();
    },
    onFailed: (message) => toast.error(`Failed to change the flag: ${message}`),
  });
  const reset = useTask(resetFlagTask, {
    onDone: ({ key }) => {
      toast.success(`Flag ${key} reset to the default`);
      reread();
    },
    onFailed: (message) => toast.error(`Failed to reset the flag: ${message}`),
  });
  const busy = set.running || reset.running;

  const rows = read.data ? filterFlagRows(adminFlagRows(source === 'remote' ? FEATURE_FLAGS : [], read.data[source], defaultOn), search) : [];
  const keyProblem = flagNameProblem(newKey);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (keyProblem || newKey.trim() === '') return;
    set.run({ source, key: newKey.trim(), value: newValue === 'on' });
    setNewKey('');
  };

  return (
    <div className={css.page}>
      <div>
        <h1 className={css.title}>Feature flags</h1>
        <p className={css.muted}>
          Flags the platform serves to every console (platform admins only). Open consoles pick a change up at their next flag poll, within 7 minutes.
        </p>
      </div>
      <section className={css.panel} aria-labelledby="flags-title">
        <h2 id="flags-title" className={css.panelTitle}>
          Flags
        </h2>
        <div className={css.toolbar}>
          <Select label="Source" options={FLAG_SOURCES} selectedKey={source} onSelectionChange={(key) => setSource(key as FlagSource)} />
          <TextField label="Search flags" value={search} onChange={setSearch} placeholder="e.g. projects:create" type="search" />
        </div>
        {read.error ? (
          <ErrorAlert subject="Failed to load the flags" error={read.error}>
            <Button size="small" onPress={read.retry}>
              Retry
            </Button>
          </ErrorAlert>
        ) : read.loading ? (
          <Spinner label="Loading flags" />
        ) : rows.length === 0 ? (
          <EmptyState
            title={search.trim() ? noFlagsMatch(search) : 'No flags stored for this source'}
            description={search.trim() ? undefined : 'Set one below: the console reads it by its name.'}
          />
        ) : (
          <table className={css.table} aria-labelledby="flags-title">
            <thead>
              <tr>
                <th className={css.th}>Name</th>
                <th className={css.th}>Value</th>
                <th className={css.th}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name} data-testid={`flag-${row.name}`}>
                  <td className={`${css.td} ${css.mono}`}>{row.name}</td>
                  <td className={css.td}>{flagValueLabel(row)}</td>
                  <td className={css.td}>
                    <div className={css.actions}>
                      <Button size="tiny" isDisabled={busy || row.value === true} onPress={() => set.run({ source, key: row.name, value: true })} aria-label={`Turn ${row.name} on`}>
                        On
                      </Button>
                      <Button size="tiny" isDisabled={busy || row.value === false} onPress={() => set.run({ source, key: row.name, value: false })} aria-label={`Turn ${row.name} off`}>
                        Off
                      </Button>
                      <Button size="tiny" variant="ghost" isDisabled={busy || row.value === undefined} onPress={() => reset.run({ source, key: row.name })} aria-label={`Reset ${row.name}`}>
                        Reset
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={css.panel} aria-labelledby="set-flag-title">
        <h2 id="set-flag-title" className={css.panelTitle}>
          Set a flag by name
        </h2>
        <form className={css.form} onSubmit={add}>
          <TextField label="Flag name" value={newKey} onChange={setNewKey} placeholder="e.g. myFeature" maxLength={100} errorMessage={keyProblem} isInvalid={keyProblem !== undefined} />
          <Select label="Value" options={VALUE_OPTIONS} selectedKey={newValue} onSelectionChange={(key) => setNewValue(key as 'on' | 'off')} />
          <Button type="submit" variant="primary" isPending={set.running} isDisabled={newKey.trim() === '' || keyProblem !== undefined}>
            Set flag
          </Button>
        </form>
      </section>
    </div>
  );
}

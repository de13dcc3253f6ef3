import { useState, type FormEvent } from 'react';
import type { AccessToken, CreatedAccessToken } from '../../api/oauth.ts';
import { createAccessTokenTask, revokeAccessTokenTask } from '../../actors/access-tokens.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useTask } from '../shared/useTask.ts';
import * as css from './AccessTokensPage.css.ts';

const EXPIRY_OPTIONS = [
  { id: '30', label: '30 days' },
  { id: '90', label: '90 days' },
  { id: '365', label: '1 year' },
  { id: 'never', label: 'No expiry' },
] as const;

export interface AccessTokensPageProps {
  tokens: AccessToken[];
  /** Reads the list again after a change. */
  onChanged: () => void;
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—');

/** /account/tokens: personal access tokens for the platform's MCP server and API (create — shown once —, list, revoke). */
export function AccessTokensPage({ tokens, onChanged }: AccessTokensPageProps) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('30');
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const create = useTask(createAccessTokenTask, {
    onDone: (token) => {
      setCreated(token);
      setName('');
      onChanged();
    },
  });
  const revoke = useTask(revokeAccessTokenTask, {
    onDone: ({ id }) => {
      if (created?.id === id) setCreated(null);
      onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.run({ name: name.trim(), expires_in_days: expiry === 'never' ? null : Number(expiry) });
  };
  return (
    <div className={css.page}>
      <div>
        <h1 className={css.title}>Access Tokens</h1>
        <p className={css.muted}>
          Personal access tokens act as you on the platform's MCP server: send one as Authorization: Bearer. Treat them like passwords.
        </p>
      </div>
      <section className={css.panel} aria-labelledby="new-token-title">
        <h2 id="new-token-title" className={css.panelTitle}>
          Generate new token
        </h2>
        <form className={css.form} onSubmit={submit}>
          <TextField label="Name" value={name} onChange={setName} placeholder="e.g. My laptop" isRequired maxLength={100} />
          <Select label="Expires" options={EXPIRY_OPTIONS} selectedKey={expiry} onSelectionChange={(key) => setExpiry(String(key))} />
          <Button type="submit" variant="primary" isPending={create.running} isDisabled={name.trim() === ''}>
            Generate token
          </Button>
        </form>
        {create.error ? (
          <p role="alert" className={css.alert}>
            {create.error}
          </p>
        ) : null}
        {created ? (
          <div className={css.created} role="status" aria-label="New token">
            <p className={css.muted}>Copy this token now: it will not be shown again.</p>
            <div className={css.row}>
              <p className={css.secret} data-testid="new-token">
                {created.token}
              </p>
              <CopyButton text={created.token} size="small" />
            </div>
          </div>
        ) : null}
      </section>
      <section className={css.panel} aria-labelledby="tokens-title">
        <h2 id="tokens-title" className={css.panelTitle}>
          Your tokens
        </h2>
        {revoke.error ? (
          <p role="alert" className={css.alert}>
            {revoke.error}
          </p>
        ) : null}
        {tokens.length === 0 ? (
          <p className={css.muted}>No access tokens yet.</p>
        ) : (
          <table className={css.table} aria-labelledby="tokens-title">
            <thead>
              <tr>
                <th className={css.th}>Name</th>
                <th className={css.th}>Token</th>
                <th className={css.th}>Created</th>
                <th className={css.th}>Expires</th>
                <th className={css.th}>Last used</th>
                <th className={css.th}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td className={css.td}>{token.name}</td>
                  <td className={`${css.td} ${css.mono}`}>{token.token_prefix}…</td>
                  <td className={css.td}>{date(token.created_at)}</td>
                  <td className={css.td}>{token.expires_at ? date(token.expires_at) : 'Never'}</td>
                  <td className={css.td}>{token.last_used_at ? date(token.last_used_at) : 'Never'}</td>
                  <td className={css.td}>
                    <Button
                      size="small"
                      variant="danger"
                      aria-label={`Revoke ${token.name}`}
                      isPending={revoke.running && revoking === token.id}
                      isDisabled={revoke.running}
                      onPress={() => {
                        setRevoking(token.id);
                        revoke.run({ id: token.id });
                      }}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

// The Frameworks, Mobile and ORMs tabs of the Connect dialog (spec A2.10): Framework (or Tool) → Using → With, and
// the snippet files of the chosen leaf with the project's real API URL and anon key (database URL for ORMs).
import type { Key } from 'react-aria-components';
import { Select } from '../../ui/Select.tsx';
import { FRAMEWORK_LEVEL_LABELS, FRAMEWORK_TREES, frameworkKeys, selectFramework, type FrameworkTab as Tab } from '../../domain/connect/frameworks.ts';
import { selectedDatabase, type ConnectionInfo } from '../../domain/connect/info.ts';
import { methodEndpoint } from '../../domain/connect/methods.ts';
import type { ConnectParams } from '../../domain/connect/params.ts';
import { connectionUri } from '../../domain/connect/strings.ts';
import { CodeBlock } from './CodeBlock.tsx';
import * as css from './Connect.css.ts';

export interface FrameworkTabProps {
  tab: Tab;
  projectRef: string;
  info: ConnectionInfo;
  params: ConnectParams;
  onChange: (change: { framework?: string; using?: string; with?: string }) => void;
}

export function FrameworkTab({ tab, projectRef, info, params, onChange }: FrameworkTabProps) {
  const selection = selectFramework(FRAMEWORK_TREES[tab], params);
  const labels = FRAMEWORK_LEVEL_LABELS[tab];
  const database = selectedDatabase(info, projectRef, undefined);
  const pooler = info.poolers.find((p) => p.identifier === database?.identifier);
  const pooled = database ? methodEndpoint('transaction', database.endpoint, pooler).endpoint : undefined;
  const directUrl = database ? connectionUri(database.endpoint) : '';
  const context = { apiUrl: info.apiUrl, anonKey: info.anonKey ?? '', databaseUrl: pooled ? connectionUri(pooled) : directUrl, directUrl };
  const keys = frameworkKeys(selection);
  const guide = selection.path.find((node) => node.guide)?.guide;
  const choose = (level: number, key: string) => {
    // A change at one level picks the first option below it (the cascade of spec A2.10).
    const next = [keys.framework, keys.using, keys.with].slice(0, level);
    next[level] = key;
    const chosen = frameworkKeys(selectFramework(FRAMEWORK_TREES[tab], { framework: next[0], using: next[1], with: next[2] }));
    onChange(chosen);
  };
  return (
    <div className={css.body}>
      <div className={css.selectors}>
        {selection.levels.map((options, level) => (
          <Select
            key={labels[level]}
            label={labels[level]}
            options={options.map((node) => ({ id: node.key, label: node.label }))}
            selectedKey={selection.path[level]?.key ?? null}
            onSelectionChange={(key: Key | null) => key && choose(level, String(key))}
          />
        ))}
      </div>
      {tab !== 'orms' && !info.anonKey ? <p className={css.notice}>The anon key could not be read: add it from Project Settings → API.</p> : null}
      {tab === 'orms' && pooled ? <p className={css.text}>DATABASE_URL goes through the transaction pooler (no prepared statements); DIRECT_URL is for migrations.</p> : null}
      {selection.files.map((file) => (
        <CodeBlock key={file.name} label={file.name} code={file.code(context)} />
      ))}
      {guide ? (
        <a className={css.link} href={guide} target="_blank" rel="noreferrer">
          {selection.path[0]?.label} guide
        </a>
      ) : null}
    </div>
  );
}

// The Direct tab of the Connect dialog (spec A2.10, A4.6): Type, database and Method selectors, the method's
// description and notes, the numbered steps with the real strings, and 'View parameters'.
import { Link } from '@tanstack/react-router';
import type { Key } from 'react-aria-components';
import { Select } from '../../ui/Select.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import {
  CONNECT_METHOD_DESCRIPTIONS,
  CONNECT_METHOD_LABELS,
  CONNECT_METHODS,
  CONNECT_STRINGS,
  CONNECT_TYPE_LABELS,
  CONNECT_TYPES,
  IPV4_ONLY_PLATFORMS,
  PARAMETER_COPY_FEEDBACK_MS,
  type ConnectMethod,
  type ConnectType,
} from '../../domain/connect/constants.ts';
import { databaseLabel, selectedDatabase, type ConnectionInfo } from '../../domain/connect/info.ts';
import { replicaUnavailableText } from '../../domain/database-picker.ts';
import { ipv4Note, methodEndpoint, poolerLabel } from '../../domain/connect/methods.ts';
import type { ConnectParams } from '../../domain/connect/params.ts';
import { connectSteps, connectionStrings } from '../../domain/connect/strings.ts';
import { CodeBlock } from './CodeBlock.tsx';
import * as css from './Connect.css.ts';

export interface DirectTabProps {
  projectRef: string;
  info: ConnectionInfo;
  params: ConnectParams;
  onChange: (change: Partial<Pick<ConnectParams, 'type' | 'method' | 'source'>>) => void;
  /** A connection string was copied: which kind (spec A7 connection_string_copied), never the string. */
  onStringCopied?: (kind: { connectionType: ConnectType; connectionMethod: ConnectMethod }) => void;
}

export function DirectTab({ projectRef, info, params, onChange, onStringCopied }: DirectTabProps) {
  const database = selectedDatabase(info, projectRef, params.source);
  const pooler = info.poolers.find((p) => p.identifier === database?.identifier);
  const target = database ? methodEndpoint(params.method, database.endpoint, pooler) : { unavailable: 'This project has no database.' };
  const strings = target.endpoint ? connectionStrings(target.endpoint) : null;
  const ipv4 = ipv4Note(params.method, { freePlan: info.planId === undefined || info.planId === 'free', ipv4AddOn: info.ipv4AddOn });
  const label = poolerLabel(info.planId);
  return (
    <div className={css.body}>
      <div className={css.selectors}>
        <Select
          label="Type"
          options={CONNECT_TYPES.map((type) => ({ id: type, label: CONNECT_TYPE_LABELS[type] }))}
          selectedKey={params.type}
          onSelectionChange={(key: Key | null) => key && onChange({ type: key as ConnectType })}
        />
        <Select
          label="Source"
          options={info.databases.map((d) => ({ id: d.identifier, label: databaseLabel(d), isDisabled: d.status !== 'ACTIVE_HEALTHY' }))}
          description={unavailableReplicas(info) || undefined}
          selectedKey={database?.identifier ?? null}
          onSelectionChange={(key: Key | null) => key && onChange({ source: String(key) })}
        />
        <Select
          label="Method"
          options={CONNECT_METHODS.map((method) => ({ id: method, label: method === 'direct' ? CONNECT_METHOD_LABELS[method] : `${CONNECT_METHOD_LABELS[method]} (${label})` }))}
          selectedKey={params.method}
          onSelectionChange={(key: Key | null) => key && onChange({ method: key as ConnectMethod })}
        />
      </div>

      <p className={css.text} data-testid="connect-method-description">
        <span className={css.strong}>{CONNECT_METHOD_LABELS[params.method]}:</span> {CONNECT_METHOD_DESCRIPTIONS[params.method]}
        {params.method === 'transaction' ? <> {CONNECT_STRINGS.noPrepare}.</> : null}
      </p>
      <p className={css.text}>
        {ipv4.compatible ? 'IPv4 compatible.' : 'Not IPv4 compatible.'} {ipv4.note ? `${ipv4.note}.` : null}{' '}
        {!ipv4.compatible ? `IPv4-only platforms include ${IPV4_ONLY_PLATFORMS.join(', ')}.` : null}
      </p>

      {target.unavailable ? (
        <p className={css.notice} role="status" data-testid="connect-method-unavailable">
          {target.unavailable}{' '}
          <Link to="/project/$ref/database/settings" params={{ ref: projectRef }} hash="connection-pooling" className={css.link}>
            Database Settings
          </Link>
        </p>
      ) : null}

      {strings ? (
        <ol className={css.steps}>
          {connectSteps(params.type, strings).map((step) => (
            <li key={step.title}>
              <h3 className={css.stepTitle}>{step.title}</h3>
              {step.blocks.map((block) => (
                <CodeBlock
                  key={block.code}
                  label={block.label ?? CONNECT_TYPE_LABELS[params.type]}
                  code={block.code}
                  onCopy={() => onStringCopied?.({ connectionType: params.type, connectionMethod: params.method })}
                />
              ))}
            </li>
          ))}
        </ol>
      ) : null}

      {params.type === 'python' ? <p className={css.text}>{CONNECT_STRINGS.sqlalchemyHint}</p> : null}

      {target.endpoint ? (
        <details className={css.parameters}>
          <summary className={css.parametersSummary}>{CONNECT_STRINGS.viewParameters}</summary>
          <dl className={css.parameterList}>
            {(
              [
                ['host', target.endpoint.host],
                ['port', String(target.endpoint.port)],
                ['database', target.endpoint.database],
                ['user', target.endpoint.user],
                ...(params.method !== 'direct' && pooler ? [['pool_mode', params.method === 'session' ? 'session' : pooler.pool_mode]] : []),
              ] as [string, string][]
            ).map(([name, value]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt className={css.parameterName}>{name}</dt>
                <dd className={css.parameterValue}>{value}</dd>
                <CopyButton text={value} size="tiny" variant="ghost" iconOnly label={`Copy ${name}`} copiedLabel={`Copied ${name}`} feedbackMs={PARAMETER_COPY_FEEDBACK_MS} />
              </div>
            ))}
          </dl>
          <p className={css.text}>{CONNECT_STRINGS.passwordNote}</p>
        </details>
      ) : null}

      <p className={css.text}>
        Using the password you chose when you created the project.{' '}
        <Link to="/project/$ref/database/settings" params={{ ref: projectRef }} hash="database-password" className={css.link}>
          {CONNECT_STRINGS.resetPassword}
        </Link>{' '}
        in Database Settings.
      </p>
      <p className={css.text}>{CONNECT_STRINGS.keysRenamed}.</p>
    </div>
  );
}

/** spec A4.5: why a replica of the Source list cannot be picked ('Read replica (…): Replica unable to accept requests as its …'). */
function unavailableReplicas(info: ConnectionInfo): string {
  return info.databases
    .filter((d) => d.database_type === 'READ_REPLICA' && d.status !== 'ACTIVE_HEALTHY')
    .map((d) => `${databaseLabel(d)}: ${replicaUnavailableText(d.status)}`)
    .join(' · ');
}

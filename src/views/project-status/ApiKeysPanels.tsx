import type { SettingsRead } from '../../api/project-status.ts';
import { API_KEYS_TEXT, apiKeysPanel, keysLastUsedText } from '../../domain/project-screens.ts';
import { Badge } from '../../ui/Badge.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import * as css from './StatusScreens.css.ts';

/** The API keys and configuration panels of spec A2.13, on the building screen. */
export function ApiKeysPanels({ projectRef, read }: { projectRef: string; read: SettingsRead | null }) {
  if (!read) return null;
  if (read.error !== undefined) return <ErrorAlert subject={API_KEYS_TEXT.failed} error={read.error} projectRef={projectRef} />;
  const panel = apiKeysPanel(read.settings);
  return (
    <div className={css.panels}>
      <section className={css.panel} aria-labelledby="project-config-title">
        <h3 id="project-config-title" className={css.panelTitle}>
          Project URL
        </h3>
        <p className={css.text}>A RESTful endpoint for querying and managing your database.</p>
        <Value label="URL" value={panel.projectUrl} />
      </section>
      <section className={css.panel} aria-labelledby="project-keys-title">
        <h3 id="project-keys-title" className={css.panelTitle}>
          API Keys
        </h3>
        {!panel.canViewAll && <p className={css.text}>{API_KEYS_TEXT.noPermission}</p>}
        <Value label="anon" badge="public" value={panel.anon} />
        <Value label="service_role" badge="secret" value={panel.serviceRole} />
        <p className={css.text} data-testid="keys-last-used">
          {read.lastUsedAt === undefined ? API_KEYS_TEXT.lastUsedFailed : keysLastUsedText(read.lastUsedAt)}
        </p>
      </section>
    </div>
  );
}

function Value({ label, badge, value }: { label: string; badge?: string; value: string | null }) {
  return (
    <div className={css.keyRow}>
      <span className={css.keyLabel}>
        {label}
        {badge && <Badge variant={badge === 'secret' ? 'warning' : 'outline'}>{badge}</Badge>}
      </span>
      <div className={css.keyValue}>
        <code className={css.code} aria-label={`${label} value`}>
          {value ?? API_KEYS_TEXT.hiddenValue}
        </code>
        {value !== null && <CopyButton text={value} size="tiny" variant="default" aria-label={`Copy ${label}`} />}
      </div>
    </div>
  );
}

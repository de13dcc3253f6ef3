import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import {
  defaultMcpGroups,
  MCP_CLIENTS,
  MCP_FEATURE_GROUPS,
  mcpClientSetup,
  mcpGroupsForMode,
  mcpServerUrl,
  validMcpGroups,
  type McpClient,
} from '../../domain/mcp.ts';
import { buttonClasses } from '../../ui/ButtonLook.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import * as css from './McpTab.css.ts';

export interface McpTabProps {
  projectRef: string;
  /** Platform build (spec A3: other modes offer fewer groups, C§9: project_ref only on the platform). */
  platform: boolean;
  /** The platform's origin ({host} of C§9), or the API URL off the platform. */
  base: string | undefined;
}

/**
 * spec A2.10 MCP tab: 'Read-only' switch, 'Feature Groups' (default all but Storage, limited to the mode's groups),
 * the server URL of C§9, and the four clients with config file path, JSON config and one-click deep link.
 */
export function McpTab({ projectRef, platform, base }: McpTabProps) {
  const [readOnly, setReadOnly] = useState(false);
  const [features, setFeatures] = useState(() => defaultMcpGroups(platform));
  const [client, setClient] = useState<McpClient>('cursor');
  const url = mcpServerUrl({ platform, base, projectRef, readOnly, features });
  return (
    <div className={css.tab}>
      <p className={css.muted}>
        Connect your AI coding tool to this project through the MCP server. It signs you in with OAuth the first time it connects.
      </p>
      <Switch isSelected={readOnly} onChange={setReadOnly}>
        Read-only
      </Switch>
      <CheckboxGroup className={css.groups} value={features} onChange={(value) => setFeatures(validMcpGroups(value, platform))}>
        <Label className={css.groupsLabel}>Feature Groups</Label>
        {mcpGroupsForMode(platform).map((id) => (
          <Checkbox key={id} value={id} className={css.checkbox}>
            {({ isSelected }) => (
              <>
                <span className={css.box} aria-hidden>
                  {isSelected ? '✓' : ''}
                </span>
                {MCP_FEATURE_GROUPS[id]}
              </>
            )}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <div className={css.section}>
        <h3 className={css.heading} id="mcp-url-title">
          Server URL
        </h3>
        <div className={css.urlRow}>
          <pre className={css.code} aria-labelledby="mcp-url-title" data-testid="mcp-url">
            {url}
          </pre>
          <CopyButton text={url} size="small" aria-label="Copy server URL" />
        </div>
      </div>
      <Tabs selectedKey={client} onSelectionChange={(key) => setClient(key as McpClient)}>
        <TabList aria-label="Client">
          {MCP_CLIENTS.map((id) => (
            <Tab key={id} id={id}>
              {mcpClientSetup(id, url).label}
            </Tab>
          ))}
        </TabList>
        {MCP_CLIENTS.map((id) => (
          <TabPanel key={id} id={id}>
            <ClientSetup client={id} url={url} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

function ClientSetup({ client, url }: { client: McpClient; url: string }) {
  const setup = mcpClientSetup(client, url);
  return (
    <div className={css.tab}>
      {setup.deepLink ? (
        <div>
          <a href={setup.deepLink} className={buttonClasses({ variant: 'primary', size: 'small' })}>
            {`Add to ${setup.label}`}
          </a>
        </div>
      ) : null}
      <div className={css.section}>
        <p className={css.muted}>
          Add this configuration to <span className={css.filePath}>{setup.configFile}</span>:
        </p>
        <div className={css.urlRow}>
          <pre className={css.code} aria-label={`${setup.label} configuration`}>
            {setup.config}
          </pre>
          <CopyButton text={setup.config} size="small" aria-label={`Copy ${setup.label} configuration`} />
        </div>
      </div>
      {setup.alternate ? (
        <div className={css.section}>
          <p className={css.muted}>Or run:</p>
          <div className={css.urlRow}>
            <pre className={css.code}>{setup.alternate}</pre>
            <CopyButton text={setup.alternate} size="small" aria-label="Copy command" />
          </div>
        </div>
      ) : null}
      <a className={css.link} href={setup.docsUrl} target="_blank" rel="noreferrer">
        {`${setup.label} MCP documentation`}
      </a>
    </div>
  );
}

/**
 * The MCP tab as the Connect dialog shows it: the mode from the app's config, and the platform's origin as {host}
 * (the console is served by the platform it talks to).
 */
export function ProjectMcpTab({ projectRef }: { projectRef: string }) {
  const context = useRouteContext({ strict: false }) as { config?: { mode: string } };
  const platform = context.config?.mode !== 'self-hosted';
  return <McpTab projectRef={projectRef} platform={platform} base={typeof location === 'undefined' ? undefined : location.origin} />;
}

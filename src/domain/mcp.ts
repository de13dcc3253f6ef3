// The platform's MCP server as the console describes it (spec A2.10 MCP tab, A3 feature groups, A5, C§9).

/** spec A3: MCP feature groups (id: name), in the spec's order. */
export const MCP_FEATURE_GROUPS = {
  docs: 'Documentation',
  account: 'Account',
  database: 'Database',
  debugging: 'Debugging',
  development: 'Development',
  functions: 'Functions',
  branching: 'Branching',
  storage: 'Storage',
} as const;
export type McpFeatureGroup = keyof typeof MCP_FEATURE_GROUPS;
export const MCP_FEATURE_GROUP_IDS = Object.keys(MCP_FEATURE_GROUPS) as McpFeatureGroup[];

/** spec A3: non-platform mode offers only these. */
const NON_PLATFORM_GROUPS: readonly McpFeatureGroup[] = ['docs', 'database', 'development', 'debugging'];

export function mcpGroupsForMode(platform: boolean): McpFeatureGroup[] {
  return platform ? [...MCP_FEATURE_GROUP_IDS] : MCP_FEATURE_GROUP_IDS.filter((id) => NON_PLATFORM_GROUPS.includes(id));
}

/** spec A2.10: 'Feature Groups' default to all (of the mode) except Storage. */
export function defaultMcpGroups(platform: boolean): McpFeatureGroup[] {
  return mcpGroupsForMode(platform).filter((id) => id !== 'storage');
}

export const isMcpFeatureGroup = (value: string): value is McpFeatureGroup => Object.hasOwn(MCP_FEATURE_GROUPS, value);

/** spec A5: feature groups limited to those of the current mode (unknown ids dropped, order of A3, no repeats). */
export function validMcpGroups(groups: readonly string[], platform: boolean): McpFeatureGroup[] {
  const allowed = mcpGroupsForMode(platform);
  return allowed.filter((id) => groups.includes(id));
}

/** spec C§9: the local default when no API URL is known. */
export const MCP_LOCAL_DEFAULT_URL = 'http://localhost:54321/mcp';

export interface McpUrlInput {
  platform: boolean;
  /** Platform: the platform's origin ({host}); otherwise the API URL, or undefined for the local default. */
  base: string | undefined;
  projectRef: string | undefined;
  readOnly: boolean;
  features: readonly McpFeatureGroup[];
}

/**
 * spec C§9: platform `{host}/mcp`, otherwise `{apiUrl}/mcp` or the local default; query params project_ref
 * (platform only), read_only=true, features (comma-joined).
 */
export function mcpServerUrl(input: McpUrlInput): string {
  const root = input.base ? `${input.base.replace(/\/+$/, '')}/mcp` : MCP_LOCAL_DEFAULT_URL;
  const params: string[] = [];
  if (input.platform && input.projectRef) params.push(`project_ref=${encodeURIComponent(input.projectRef)}`);
  if (input.readOnly) params.push('read_only=true');
  if (input.features.length > 0) params.push(`features=${input.features.map(encodeURIComponent).join(',')}`);
  return params.length ? `${root}?${params.join('&')}` : root;
}

/** The name MCP clients list the server under. */
export const MCP_SERVER_NAME = 'strata';

export const MCP_CLIENTS = ['cursor', 'vscode', 'claude-code', 'windsurf'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface McpClientSetup {
  label: string;
  /** Where the JSON config goes. */
  configFile: string;
  /** The JSON config, pretty-printed. */
  config: string;
  /** One-click install link ('Add to {client}'), when the client has one. */
  deepLink: string | null;
  /** Another way to add it (a command), when there is one. */
  alternate: string | null;
  docsUrl: string;
}

const toBase64 = (text: string) => {
  // btoa takes Latin-1: encode as UTF-8 bytes first (a URL may carry any character).
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** spec A2.10: for each of the four clients, the config file path, JSON config, deep link and docs. */
export function mcpClientSetup(client: McpClient, url: string): McpClientSetup {
  switch (client) {
    case 'cursor':
      return {
        label: 'Cursor',
        configFile: '.cursor/mcp.json',
        config: pretty({ mcpServers: { [MCP_SERVER_NAME]: { url } } }),
        deepLink: `cursor://anysphere.cursor-deeplink/mcp/install?name=${MCP_SERVER_NAME}&config=${encodeURIComponent(toBase64(JSON.stringify({ url })))}`,
        alternate: null,
        docsUrl: 'https://docs.cursor.com/context/mcp',
      };
    case 'vscode':
      return {
        label: 'VS Code',
        configFile: '.vscode/mcp.json',
        config: pretty({ servers: { [MCP_SERVER_NAME]: { type: 'http', url } } }),
        deepLink: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: MCP_SERVER_NAME, type: 'http', url }))}`,
        alternate: null,
        docsUrl: 'https://code.visualstudio.com/docs/copilot/chat/mcp-servers',
      };
    case 'claude-code':
      return {
        label: 'Claude Code',
        configFile: '.mcp.json',
        config: pretty({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url } } }),
        deepLink: null,
        alternate: `claude mcp add --transport http ${MCP_SERVER_NAME} "${url}"`,
        docsUrl: 'https://docs.anthropic.com/en/docs/claude-code/mcp',
      };
    case 'windsurf':
      return {
        label: 'Windsurf',
        configFile: '~/.codeium/windsurf/mcp_config.json',
        config: pretty({ mcpServers: { [MCP_SERVER_NAME]: { serverUrl: url } } }),
        deepLink: null,
        alternate: null,
        docsUrl: 'https://docs.windsurf.com/windsurf/cascade/mcp',
      };
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultMcpGroups,
  MCP_CLIENTS,
  MCP_FEATURE_GROUP_IDS,
  mcpClientSetup,
  mcpGroupsForMode,
  mcpServerUrl,
  validMcpGroups,
} from './mcp.ts';

describe('MCP feature groups (spec A3, A2.10, A5)', () => {
  it('offers every group on the platform and only docs, database, development, debugging elsewhere', () => {
    expect(mcpGroupsForMode(true)).toEqual(['docs', 'account', 'database', 'debugging', 'development', 'functions', 'branching', 'storage']);
    expect(mcpGroupsForMode(false)).toEqual(['docs', 'database', 'debugging', 'development']);
  });

  it('defaults to all groups of the mode except Storage', () => {
    expect(defaultMcpGroups(true)).not.toContain('storage');
    expect(defaultMcpGroups(true)).toHaveLength(7);
    expect(defaultMcpGroups(false)).toEqual(['docs', 'database', 'debugging', 'development']);
  });

  it('keeps only groups of the mode, in the spec order, without repeats (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...MCP_FEATURE_GROUP_IDS), fc.string())), fc.boolean(), (groups, platform) => {
        const valid = validMcpGroups(groups, platform);
        const allowed = mcpGroupsForMode(platform);
        expect(valid.every((id) => allowed.includes(id) && groups.includes(id))).toBe(true);
        expect(new Set(valid).size).toBe(valid.length);
        expect(valid).toEqual(allowed.filter((id) => valid.includes(id)));
      }),
    );
  });
});

describe('MCP server URL (spec C§9)', () => {
  it('is {host}/mcp on the platform with project_ref, read_only=true and comma-joined features', () => {
    expect(
      mcpServerUrl({ platform: true, base: 'http://127.0.0.1:54321/', projectRef: 'abcdefghijklmnopqrst', readOnly: true, features: ['database', 'docs'] }),
    ).toBe('http://127.0.0.1:54321/mcp?project_ref=abcdefghijklmnopqrst&read_only=true&features=database,docs');
  });

  it('leaves project_ref out off the platform, and read_only out when off', () => {
    expect(mcpServerUrl({ platform: false, base: 'http://api.example.com', projectRef: 'abcdefghijklmnopqrst', readOnly: false, features: ['database'] })).toBe(
      'http://api.example.com/mcp?features=database',
    );
  });

  it('falls back to the local default on port 54321', () => {
    expect(mcpServerUrl({ platform: false, base: undefined, projectRef: undefined, readOnly: false, features: [] })).toBe('http://localhost:54321/mcp');
  });
});

describe('MCP client setups (spec A2.10)', () => {
  const url = 'http://127.0.0.1:54321/mcp?project_ref=abcdefghijklmnopqrst&features=database';

  it('puts the URL into each client’s JSON config, which parses', () => {
    for (const client of MCP_CLIENTS) {
      const setup = mcpClientSetup(client, url);
      expect(JSON.stringify(JSON.parse(setup.config))).toContain(JSON.stringify(url).slice(1, -1));
      expect(setup.configFile).not.toBe('');
    }
  });

  it('encodes the URL into the Cursor and VS Code deep links so it reads back', () => {
    const cursor = new URL(mcpClientSetup('cursor', url).deepLink!);
    expect(JSON.parse(atob(cursor.searchParams.get('config')!))).toEqual({ url });
    const vscode = mcpClientSetup('vscode', url).deepLink!;
    expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toMatchObject({ type: 'http', url });
    expect(mcpClientSetup('claude-code', url).alternate).toContain(url);
  });
});

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { McpTab } from './McpTab.tsx';

const ref = 'abcdefghijklmnopqrst';

describe('McpTab (spec A2.10, C§9)', () => {
  it('starts with every group but Storage and builds the platform URL from the choices', async () => {
    const user = userEvent.setup();
    render(<McpTab projectRef={ref} platform base="http://127.0.0.1:54321" />);
    const url = () => screen.getByTestId('mcp-url').textContent;
    expect(url()).toBe(`http://127.0.0.1:54321/mcp?project_ref=${ref}&features=docs,account,database,debugging,development,functions,branching`);
    expect((screen.getByRole('checkbox', { name: 'Storage' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Read-only' }));
    await user.click(screen.getByRole('checkbox', { name: 'Documentation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Storage' }));
    expect(url()).toBe(`http://127.0.0.1:54321/mcp?project_ref=${ref}&read_only=true&features=account,database,debugging,development,functions,branching,storage`);
    // The client's config carries the same URL.
    expect(screen.getByLabelText('Cursor configuration').textContent).toContain('read_only=true');
    expect(screen.getByRole('link', { name: 'Add to Cursor' }).getAttribute('href')).toMatch(/^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=strata&config=/);
  });

  it('offers only the non-platform groups off the platform and leaves project_ref out', async () => {
    const user = userEvent.setup();
    render(<McpTab projectRef={ref} platform={false} base={undefined} />);
    expect(screen.queryByRole('checkbox', { name: 'Account' })).toBeNull();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['docs', 'database', 'debugging', 'development']);
    expect(screen.getByTestId('mcp-url').textContent).toBe('http://localhost:54321/mcp?features=docs,database,debugging,development');
    await user.click(screen.getByRole('tab', { name: 'Claude Code' }));
    expect(screen.getByText('.mcp.json')).toBeTruthy();
    expect(screen.getByText(/claude mcp add --transport http strata/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to Claude Code' })).toBeNull();
  });
});

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { ShellData } from '../shared/useShellData.ts';

const track = vi.fn();
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => () => Promise.resolve(),
  // The app-wide context (main.tsx): only the telemetry events are read by Help.
  useRouter: () => ({ options: { context: { telemetryEvents: { track, connect: () => {} } } } }),
}));

const { HelpMenu } = await import('./ShellMenus.tsx');
const look = { className: '', 'aria-label': 'Help', children: 'Help' };
const data = { isPlatform: true, ref: 'abc' } as ShellData;

describe('shell menus loaded on intent (issues 15, 24)', () => {
  it('a menu opened by pressing its stand-in puts focus on its first item, so ↓ is not needed first', async () => {
    render(<HelpMenu data={data} look={look} defaultOpen autoFocus />);
    // spec A2.3 order: assistant (issue 21), Docs, Troubleshooting, …, Contact support.
    const first = await screen.findByRole('menuitem', { name: 'Ask the Support assistant' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    // spec A7: help_button_clicked, once for the press that opened it.
    expect(track.mock.calls).toEqual([['help_button_clicked']]);
  });

  it('a menu loaded by hover or focus stays closed', () => {
    track.mockClear();
    render(<HelpMenu data={data} look={look} defaultOpen={false} autoFocus={false} />);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(track).not.toHaveBeenCalled();
  });

  it('each later opening of Help is a help_button_clicked event (spec A7)', async () => {
    track.mockClear();
    render(<HelpMenu data={data} look={look} defaultOpen={false} autoFocus={false} />);
    screen.getByRole('button', { name: 'Help' }).click();
    await screen.findByRole('menu');
    expect(track.mock.calls).toEqual([['help_button_clicked']]);
  });

  it('the community chat link opens the docs\' Community section in a new tab, with the project (spec A2.3)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<HelpMenu data={data} look={look} defaultOpen autoFocus />);
    (await screen.findByRole('menuitem', { name: 'Community chat' })).click();
    await waitFor(() => expect(open).toHaveBeenCalledWith('/docs/troubleshooting?project=abc#community', '_blank', 'noopener'));
    open.mockRestore();
  });
});

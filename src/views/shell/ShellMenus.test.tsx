// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { ShellData } from '../shared/useShellData.ts';

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => () => Promise.resolve(),
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
  });

  it('a menu loaded by hover or focus stays closed', () => {
    render(<HelpMenu data={data} look={look} defaultOpen={false} autoFocus={false} />);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

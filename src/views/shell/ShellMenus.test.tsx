// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { themeMachine } from '../../../machines/theme.machine.ts';

// A theme actor with quiet effects: only its preference is read here.
const theme = createActor(
  themeMachine.provide({
    actions: { applyTheme: () => {} },
    actors: {
      readStoredPreference: fromPromise(async () => 'dark'),
      writePreference: fromPromise(async () => {}),
      watchStoredPreference: fromCallback(() => () => {}),
      watchSystemTheme: fromCallback(() => () => {}),
    },
  }),
).start();
vi.mock('../shared/useAppContext.ts', () => ({ useAppContext: () => ({ theme }) }));

const { ThemeMenu } = await import('./ShellMenus.tsx');
const look = { className: '', 'aria-label': 'Theme', children: 'Theme' };

describe('shell menus loaded on intent (issues 15, 24)', () => {
  it('a menu opened by pressing its stand-in puts focus on an item (the chosen one), so ↓ is not needed first', async () => {
    render(<ThemeMenu look={look} defaultOpen autoFocus />);
    await screen.findByRole('menu');
    // The stored preference is 'dark' (above): a single-choice menu starts on its chosen item.
    const chosen = await screen.findByRole('menuitemradio', { name: 'Dark' });
    await waitFor(() => expect(document.activeElement).toBe(chosen));
  });

  it('a menu loaded by hover or focus stays closed', () => {
    render(<ThemeMenu look={look} defaultOpen={false} autoFocus={false} />);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

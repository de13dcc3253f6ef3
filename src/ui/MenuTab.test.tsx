// @vitest-environment jsdom
// Tab in an open menu (issue 24): it did nothing (the popover keeps the focus inside, and a menu has no tab stops of
// its own). Now it closes the menu and goes on from the trigger, as from a native select: Tab to what follows the
// trigger, Shift+Tab to what precedes it.
import './testing/jsdom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';
import { Menu, MenuItem, MenuTrigger } from './Menu.tsx';

function Page({ onAction = vi.fn() }: { onAction?: (key: unknown) => void }) {
  return (
    <>
      <button type="button">Before</button>
      <MenuTrigger>
        <Button>Actions</Button>
        <Menu onAction={onAction}>
          <MenuItem id="rename">Rename</MenuItem>
          <MenuItem id="delete">Delete</MenuItem>
        </Menu>
      </MenuTrigger>
      <button type="button" disabled>Disabled</button>
      <button type="button">After</button>
    </>
  );
}

describe('Menu: Tab closes it and moves on (issue 24)', () => {
  it('Tab goes to the control after the trigger, with the menu closed and nothing chosen', async () => {
    const onAction = vi.fn();
    render(<Page onAction={onAction} />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })));
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    // Focus stays where it went (the popover's focus restore does not take it back to the trigger).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('Shift+Tab goes to the control before the trigger', async () => {
    render(<Page />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeNull());
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
  });
});

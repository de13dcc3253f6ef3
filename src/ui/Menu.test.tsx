// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button.tsx';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from './Menu.tsx';

function Example({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <MenuTrigger>
      <Button>Account</Button>
      <Menu aria-label="Account" onAction={onAction}>
        <MenuSection title="you@example.com">
          <MenuItem id="preferences">Account preferences</MenuItem>
          <MenuItem id="security">Security</MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuItem id="signout" isDestructive>Log out</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

describe('Menu', () => {
  it('opens from the keyboard, moves with arrow keys and activates with Enter', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<Example onAction={onAction} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Account preferences');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Security');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Log out');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Security');

    await user.keyboard('{Enter}');
    expect(onAction.mock.calls[0]?.[0]).toBe('security');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows section headers and a separator, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Example onAction={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByText('you@example.com')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

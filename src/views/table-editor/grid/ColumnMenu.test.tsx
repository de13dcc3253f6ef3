// @vitest-environment jsdom
// A column header's menu (issue 25): no react-aria menu until it is wanted — a stand-in button — yet a click, the
// keyboard keys that open a menu, a focus and a hover all reach the real menu, and its actions still run.
import '../../../ui/testing/jsdom.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColumnMenu } from './ColumnMenu.tsx';

function setup() {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(<ColumnMenu id="grid-menu-1" columnName="note" onEdit={onEdit} onDelete={onDelete} />);
  return { onEdit, onDelete, trigger: () => document.getElementById('grid-menu-1')! };
}

describe('ColumnMenu', () => {
  it('renders no menu, only a stand-in with the trigger\u2019s id and label, out of the tab order', () => {
    const { trigger } = setup();
    expect(trigger().getAttribute('aria-label')).toBe('Column note actions');
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().tabIndex).toBe(-1);
    expect(document.body.innerHTML).not.toContain('Edit column');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a press with no hover before it (touch) and runs the chosen action', async () => {
    const { onEdit, onDelete, trigger } = setup();
    fireEvent.pointerDown(trigger(), { button: 0, pointerType: 'touch' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('menuitem', { name: 'Delete column' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('opens with the focus on its first item on the ↓ the grid sends for Shift+F10', async () => {
    const { trigger } = setup();
    trigger().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const item = await screen.findByRole('menuitem', { name: 'Edit column' });
    await waitFor(() => expect(document.activeElement).toBe(item));
  });

  it('becomes the real trigger on a hover (closed) and keeps the focus when focused', async () => {
    const { trigger } = setup();
    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger().getAttribute('aria-label')).toBe('Column note actions');
    const user = userEvent.setup();
    await user.click(trigger());
    expect(await screen.findByRole('menuitem', { name: 'Edit column' })).toBeTruthy();
  });

  it('keeps the focus on the trigger when the stand-in is focused', async () => {
    const { trigger } = setup();
    trigger().focus();
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Sheet } from './Sheet.tsx';

function renderSheet(onOpenChange = vi.fn()) {
  render(
    <Sheet isOpen onOpenChange={onOpenChange} title="Menu">
      <a href="/dashboard/project/abc">Table Editor</a>
    </Sheet>,
  );
  return { onOpenChange, handle: screen.getByTestId('sheet-handle') };
}

function swipe(handle: HTMLElement, to: number) {
  fireEvent.pointerDown(handle, { clientY: 200, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientY: 200 + to, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientY: 200 + to, pointerId: 1 });
}

describe('Sheet (spec A2.3)', () => {
  it('is a labelled dialog', () => {
    renderSheet();
    expect(screen.getByRole('dialog', { name: 'Menu' }).textContent).toContain('Table Editor');
  });

  it('closes on a downward swipe beyond 100 px', () => {
    const { onOpenChange, handle } = renderSheet();
    swipe(handle, 150);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('snaps back after a shorter swipe', () => {
    const { onOpenChange, handle } = renderSheet();
    fireEvent.pointerDown(handle, { clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 260, pointerId: 1 });
    const sheet = screen.getByRole('dialog').parentElement!;
    expect(sheet.style.transform).toBe('translateY(60px)');
    fireEvent.pointerUp(handle, { clientY: 260, pointerId: 1 });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(sheet.style.transform).toBe('');
  });

  it('ignores upward swipes', () => {
    const { onOpenChange, handle } = renderSheet();
    swipe(handle, -300);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('honours a custom threshold', () => {
    const onOpenChange = vi.fn();
    render(<Sheet isOpen onOpenChange={onOpenChange} title="Menu" closeThreshold={40}>x</Sheet>);
    swipe(screen.getByTestId('sheet-handle'), 50);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderSheet();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

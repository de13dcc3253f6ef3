// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('toggles with Space and with a click on its label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch onChange={onChange}>Enable read-only mode</Switch>);
    const control = screen.getByRole('switch', { name: 'Enable read-only mode' }) as HTMLInputElement;
    expect(control.checked).toBe(false);

    await user.tab();
    await user.keyboard(' ');
    expect(control.checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByText('Enable read-only mode'));
    expect(control.checked).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('cannot be toggled while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch isDisabled onChange={onChange}>Off</Switch>);
    await user.click(screen.getByText('Off'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

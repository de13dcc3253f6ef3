// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlainButton } from './PlainButton.tsx';
import { PlainTextField } from './PlainTextField.tsx';

describe('PlainButton', () => {
  it('activates on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<PlainButton onPress={onPress}>Save</PlainButton>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<PlainButton onPress={onPress} isDisabled>Save</PlainButton>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
    expect(screen.getByRole('button').getAttribute('data-disabled')).toBe('true');
  });

  it('while pending stays focusable, is marked busy and does not submit its form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <PlainButton type="submit" isPending>Sign in</PlainButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('data-pending')).toBe('true');
    expect(document.activeElement).toBe(button);
    rerender(
      <form onSubmit={onSubmit}>
        <PlainButton type="submit">Sign in</PlainButton>
      </form>,
    );
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('PlainTextField', () => {
  it('is a labelled input that reports each edit, and can be disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<PlainTextField label="Email" type="email" value="" onChange={onChange} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('type')).toBe('email');
    await user.type(input, 'a');
    expect(onChange).toHaveBeenLastCalledWith('a');
    expect(input.getAttribute('data-focused')).toBe('true');
    rerender(<PlainTextField label="Email" type="email" value="" onChange={onChange} isDisabled />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
  });
});

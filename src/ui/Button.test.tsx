// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, LinkButton } from './Button.tsx';

describe('Button', () => {
  it('activates on Enter and Space from the keyboard', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress} isDisabled>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
    expect(screen.getByRole('button').getAttribute('data-disabled')).toBe('true');
  });

  it('marks pending buttons busy and ignores presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress} isPending>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
    expect(screen.getByRole('button').hasAttribute('data-pending')).toBe(true);
  });

  it('takes its pending announcement along when it goes away while focused (no dangling role=img)', async () => {
    const user = userEvent.setup();
    const { rerender, unmount } = render(<Button>Send</Button>);
    await user.tab();
    rerender(<Button isPending>Send</Button>);
    // react-aria announces the pending button by reference, after a short delay.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const references = () => Array.from(document.querySelectorAll('[aria-live] [role="img"][aria-labelledby]'));
    expect(references().length).toBeGreaterThan(0);
    unmount();
    expect(references()).toEqual([]);
  });

  it('gives variants and sizes different classes', () => {
    render(
      <>
        <Button variant="primary">A</Button>
        <Button variant="danger" size="medium">B</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'A' }).className).not.toBe(screen.getByRole('button', { name: 'B' }).className);
  });

  it('names an icon-only button through aria-label', () => {
    render(<Button aria-label="Close" icon={<svg />} />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('LinkButton', () => {
  it('renders a real link', () => {
    render(<LinkButton href="/dashboard/organizations">All organizations</LinkButton>);
    expect(screen.getByRole('link', { name: 'All organizations' }).getAttribute('href')).toBe('/dashboard/organizations');
  });
});

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_STRINGS } from '../../domain/connect/constants.ts';

// The header's Connect button (issue 16, spec A2.10): it opens the dialog through the URL, and only for a project
// that is ACTIVE_HEALTHY; otherwise it is disabled and says why on hover and keyboard focus.
const nav = vi.hoisted(() => ({ calls: [] as Array<{ to: string; search: (prev: Record<string, unknown>) => Record<string, unknown> }> }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => (options: (typeof nav.calls)[number]) => {
    nav.calls.push(options);
    return Promise.resolve();
  },
}));

const { ConnectButton } = await import('./Header.tsx');

beforeEach(() => {
  nav.calls = [];
});

describe('Connect button (spec A2.10)', () => {
  it('an active project: pressing it adds showConnect=true to the current page’s search', () => {
    render(<ConnectButton status="ACTIVE_HEALTHY" />);
    const button = screen.getByRole('button', { name: CONNECT_STRINGS.button });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(nav.calls).toHaveLength(1);
    expect(nav.calls[0]!.to).toBe('.');
    expect(nav.calls[0]!.search({ schema: 'public' })).toEqual({ schema: 'public', showConnect: true });
  });

  for (const status of ['COMING_UP', 'INACTIVE', 'PAUSING', 'RESTORING', 'UPGRADING']) {
    it(`${status}: disabled, and the reason is named for hover and keyboard focus`, () => {
      render(<ConnectButton status={status} />);
      expect(screen.getByRole('button', { name: CONNECT_STRINGS.button }).hasAttribute('disabled')).toBe(true);
      const reason = screen.getByRole('img', { name: CONNECT_STRINGS.disabledTooltip });
      expect(reason.tabIndex).toBe(0);
      fireEvent.click(screen.getByRole('button', { name: CONNECT_STRINGS.button }));
      expect(nav.calls).toEqual([]);
    });
  }

  it('the reason shows as a tooltip while hovered or focused, and Escape hides it', () => {
    render(<ConnectButton status="INACTIVE" />);
    const reason = screen.getByRole('img', { name: CONNECT_STRINGS.disabledTooltip });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(reason.parentElement!);
    expect(screen.getByRole('tooltip').textContent).toBe(CONNECT_STRINGS.disabledTooltip);
    fireEvent.pointerLeave(reason.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(reason);
    expect(screen.getByRole('tooltip').textContent).toBe(CONNECT_STRINGS.disabledTooltip);
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.blur(reason);
    fireEvent.focus(reason);
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });
});

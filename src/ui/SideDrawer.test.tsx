// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SideDrawer } from './SideDrawer.tsx';

describe('SideDrawer (issue 24: side lists fold above the content on small screens)', () => {
  it('a toggle names the list, says whether it is open and controls it; a followed link folds it', async () => {
    const user = userEvent.setup();
    render(
      <SideDrawer label="Tables">
        <nav aria-label="Tables">
          <a href="#orders" onClick={(event) => event.preventDefault()}>orders</a>
        </nav>
      </SideDrawer>,
    );
    const toggle = screen.getByRole('button', { name: 'Tables' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled?.contains(screen.getByRole('navigation', { name: 'Tables' }))).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.closest('[data-open]')).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'orders' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('folds when the page moves to another item (closeOn)', async () => {
    const user = userEvent.setup();
    const view = render(<SideDrawer label="Queries" closeOn="q1"><button type="button">New query</button></SideDrawer>);
    await user.click(screen.getByRole('button', { name: 'Queries' }));
    await user.click(screen.getByRole('button', { name: 'New query' }));
    expect(screen.getByRole('button', { name: 'Queries' }).getAttribute('aria-expanded')).toBe('true');
    view.rerender(<SideDrawer label="Queries" closeOn="q2"><button type="button">New query</button></SideDrawer>);
    expect(screen.getByRole('button', { name: 'Queries' }).getAttribute('aria-expanded')).toBe('false');
  });
});

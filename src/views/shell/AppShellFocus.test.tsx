// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MAIN_ID, SHELL_NAV_ATTRIBUTE, SkipLink, useFocusOnPageChange } from './AppShellFocus.tsx';

// A shell in miniature: the skip link, a navigation region, the content with the page's heading.
let go: (pathname: string, content: ReactNode) => void = () => {};
function Shell({ initial }: { initial: ReactNode }) {
  const [page, setPage] = useState<{ pathname: string; content: ReactNode }>({ pathname: '/a', content: initial });
  go = (pathname, content) => setPage({ pathname, content });
  useFocusOnPageChange(page.pathname);
  return (
    <>
      <SkipLink />
      <nav {...{ [SHELL_NAV_ATTRIBUTE]: '' }}>
        <a href="#b">Table Editor</a>
      </nav>
      <main id={MAIN_ID}>{page.content}</main>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('shell focus (issue 24)', () => {
  it("the first Tab reaches 'Skip to main content', which puts focus on the page's h1", async () => {
    const user = userEvent.setup();
    render(<Shell initial={<><h1>Project home</h1><button type="button">Connect</button></>} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Project home' }));
    // The heading is focusable from script only: Tab goes on to the content's first control.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect' }));
  });

  it('a page change from the navigation moves focus to the new h1, once it is there', async () => {
    render(<Shell initial={<h1>Project home</h1>} />);
    screen.getByRole('link', { name: 'Table Editor' }).focus();
    act(() => go('/b', <p>Loading…</p>));
    // The heading is not there yet: focus waits in the navigation.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Table Editor' }));
    act(() => go('/b', <h1>Table Editor</h1>));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Table Editor' })));
  });

  it("the old page's h1, still shown while the new page loads, is not where focus goes", async () => {
    render(<Shell initial={<h1>Project home</h1>} />);
    const old = screen.getByRole('heading', { level: 1, name: 'Project home' });
    screen.getByRole('link', { name: 'Table Editor' }).focus();
    act(() => go('/b', <h1>Project home</h1>));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(old);
    act(() => go('/b', <><h1>Table Editor</h1><p>rows</p></>));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Table Editor' })));
  });

  it('a page change that left focus on the body moves it to the new h1', async () => {
    render(<Shell initial={<h1>Organizations</h1>} />);
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => go('/c', <h1>Projects</h1>));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Projects' })));
  });

  it('navigation inside the content keeps its focus (editor tabs, lists)', async () => {
    render(<Shell initial={<><h1>Table Editor</h1><button type="button">orders</button></>} />);
    const tab = screen.getByRole('button', { name: 'orders' });
    tab.focus();
    act(() => go('/editor/2', <><h1>Table Editor</h1><button type="button">orders</button></>));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'orders' }));
  });

  it('without an h1 the content itself takes the focus after a while', async () => {
    vi.useFakeTimers();
    render(<Shell initial={<h1>Home</h1>} />);
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => go('/d', <p>No heading here</p>));
    expect(document.activeElement).toBe(document.body);
    act(() => vi.advanceTimersByTime(3000));
    expect(document.activeElement).toBe(document.getElementById(MAIN_ID));
  });
});

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The shell's advisor findings (issue 19) come from one read the shell owns (issue 15: no global stores): the
// sidebar and the header share it (one request), an advisor page's change reads again through that shell's actor
// only, another console on the page has its own, a stopped project shows none and is read afresh when it runs again.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvisorLint } from '../../domain/advisors.ts';

const fetchLints = vi.hoisted(() => vi.fn());
vi.mock('../../api/advisors.ts', () => ({
  fetchLints,
  dismissLint: vi.fn(),
  explainQuery: vi.fn(),
  fetchQueryStats: vi.fn(),
  resetQueryStats: vi.fn(),
  restoreLint: vi.fn(),
}));

const { AdvisorLintsProvider, useAdvisorLints, useAdvisorLintsChanged } = await import('./useAdvisorLints.ts');

const lint = (name: string, level: AdvisorLint['level'] = 'ERROR'): AdvisorLint => ({
  name: 'rls_disabled_in_public',
  title: name,
  level,
  facing: 'EXTERNAL',
  categories: ['SECURITY'],
  description: '',
  detail: '',
  remediation: '',
  metadata: { schema: 'public', name, type: 'table' },
  object_key: name,
  cache_key: name,
  dismissed: false,
});

function Reader({ id, projectRef, running }: { id: string; projectRef: string | undefined; running: boolean }) {
  const lints = useAdvisorLints(projectRef, running);
  return <p data-testid={id}>{lints.map((l) => l.title).join(',') || 'none'}</p>;
}

let changed: (ref: string) => void = () => {};
function Changer() {
  changed = useAdvisorLintsChanged();
  return null;
}

function Shell({ projectRef, running, prefix = '' }: { projectRef: string | undefined; running: boolean; prefix?: string }) {
  return (
    <AdvisorLintsProvider projectRef={projectRef} running={running}>
      <Reader id={`${prefix}sidebar`} projectRef={projectRef} running={running} />
      <Reader id={`${prefix}header`} projectRef={projectRef} running={running} />
      <Changer />
    </AdvisorLintsProvider>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  fetchLints.mockReset();
});

describe('useAdvisorLints', () => {
  it('reads once for the sidebar and the header, and again when an advisor page changed the findings', async () => {
    fetchLints.mockResolvedValueOnce([lint('orders')]).mockResolvedValueOnce([lint('orders'), lint('users')]);
    render(<Shell projectRef="abc" running />);
    await settle();
    expect(fetchLints).toHaveBeenCalledTimes(1);
    expect(text('sidebar')).toBe('orders');
    expect(text('header')).toBe('orders');

    await act(async () => changed('abc'));
    await settle();
    expect(fetchLints).toHaveBeenCalledTimes(2);
    expect(text('sidebar')).toBe('orders,users');
    expect(text('header')).toBe('orders,users');
  });

  it("shows none while stopped, reads afresh when running again, never shows another project's", async () => {
    let resolveB: (lints: AdvisorLint[]) => void = () => {};
    fetchLints
      .mockResolvedValueOnce([lint('a1')])
      .mockResolvedValueOnce([lint('a2')])
      .mockImplementationOnce(() => new Promise((resolve) => (resolveB = resolve)));
    const view = render(<Shell projectRef="a" running />);
    await settle();
    expect(text('sidebar')).toBe('a1');

    view.rerender(<Shell projectRef="a" running={false} />);
    await settle();
    expect(text('sidebar')).toBe('none');
    view.rerender(<Shell projectRef="a" running />);
    await settle();
    expect(fetchLints).toHaveBeenCalledTimes(2);
    expect(text('header')).toBe('a2');

    // Project b is being read: a's findings are not shown for it meanwhile.
    view.rerender(<Shell projectRef="b" running />);
    await settle();
    expect(fetchLints).toHaveBeenLastCalledWith('b');
    expect(fetchLints).toHaveBeenCalledTimes(3);
    expect(text('sidebar')).toBe('none');
    await act(async () => resolveB([lint('b1', 'WARN')]));
    await settle();
    expect(text('sidebar')).toBe('b1');
  });

  it('two consoles on one page do not share a read or a change', async () => {
    fetchLints.mockImplementation(async (ref: string) => [lint(`${ref}-lint`)]);
    render(
      <>
        <Shell projectRef="one" running prefix="first-" />
        <Shell projectRef="two" running prefix="second-" />
      </>,
    );
    await settle();
    expect(text('first-sidebar')).toBe('one-lint');
    expect(text('second-sidebar')).toBe('two-lint');
    expect(fetchLints).toHaveBeenCalledTimes(2);
    // `changed` is the second console's (rendered last): only its read runs again.
    await act(async () => changed('two'));
    await settle();
    expect(fetchLints).toHaveBeenCalledTimes(3);
    expect(fetchLints).toHaveBeenLastCalledWith('two');
  });

  it('says so when used outside a shell', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Reader id="x" projectRef="abc" running />)).toThrow(/AdvisorLintsProvider/);
    vi.restoreAllMocks();
  });
});

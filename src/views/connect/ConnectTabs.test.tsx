// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

window.scrollTo = () => {};
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionInfo } from '../../domain/connect/info.ts';
import type { PoolerConfig } from '../../domain/connect/methods.ts';
import { connectParams } from '../../domain/connect/params.ts';
import { DirectTab } from './DirectTab.tsx';
import { FrameworkTab } from './FrameworkTab.tsx';

// The Connect dialog's tabs (spec A2.10, A4.6): a pooler that does not run, or pool mode Session for the transaction
// method, shows a sentence and no string; a running pooler shows its own port and pool_mode; framework snippets carry
// the project's URL and anon key.

const pooler: PoolerConfig = {
  identifier: 'abc',
  database_type: 'PRIMARY',
  pool_mode: 'transaction',
  default_pool_size: 15,
  db_host: '127.0.0.1',
  db_name: 'project_abc',
  db_user: 'strata_abc',
  db_port: 45001,
  session_port: 45002,
  connection_string: '',
  running: true,
};
const info = (poolers: PoolerConfig[]): ConnectionInfo => ({
  databases: [{ identifier: 'abc', database_type: 'PRIMARY', region: 'local', status: 'ACTIVE_HEALTHY', endpoint: { host: '127.0.0.1', port: 54322, database: 'project_abc', user: 'strata_abc' } }],
  poolers,
  apiUrl: 'http://127.0.0.1:54321/p/abc',
  anonKey: 'anon-key-value',
  ipv4AddOn: false,
});
const params = (search: Record<string, string>) => connectParams({ showConnect: true, ...search }, { ref: 'abc', tabs: ['direct', 'frameworks', 'mobiles', 'orms'] });

async function show(node: ReactNode) {
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: 'project/$ref', component: () => <>{node}</> });
  const settings = createRoute({ getParentRoute: () => root, path: 'project/$ref/database/settings' });
  const router = createRouter({ routeTree: root.addChildren([page, settings]), history: createMemoryHistory({ initialEntries: ['/project/abc'] }) });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('Direct tab', () => {
  it('direct: the URI with the real endpoint, the parameters and the reset link', async () => {
    await show(<DirectTab projectRef="abc" info={info([pooler])} params={params({})} onChange={vi.fn()} />);
    expect(screen.getByText('postgresql://strata_abc:[YOUR_PASSWORD]@127.0.0.1:54322/project_abc')).toBeTruthy();
    expect(screen.getByText('For security reasons, your database password is never shown.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset your database password' }).getAttribute('href')).toBe('/project/abc/database/settings#database-password');
  });

  it('transaction through a running pooler: its port, pool_mode and the PREPARE caveat', async () => {
    await show(<DirectTab projectRef="abc" info={info([pooler])} params={params({ method: 'transaction', type: 'psql' })} onChange={vi.fn()} />);
    expect(screen.getByText('psql -h 127.0.0.1 -p 45001 -d project_abc -U strata_abc')).toBeTruthy();
    expect(screen.getByTestId('connect-method-description').textContent).toContain('Does not support PREPARE statements');
    expect(screen.getByText('pool_mode')).toBeTruthy();
  });

  it('pool mode Session: the transaction method says so and shows no string', async () => {
    await show(<DirectTab projectRef="abc" info={info([{ ...pooler, pool_mode: 'session' }])} params={params({ method: 'transaction' })} onChange={vi.fn()} />);
    expect(screen.getByTestId('connect-method-unavailable').textContent).toContain('Transaction pooler is unavailable as pool mode is set to Session');
    expect(document.querySelector('pre')).toBeNull();
  });

  it('no pooler running: the reason instead of a string', async () => {
    await show(
      <DirectTab projectRef="abc" info={info([{ ...pooler, running: false, unavailable_reason: 'pgbouncer is not installed.' }])} params={params({ method: 'session' })} onChange={vi.fn()} />,
    );
    expect(screen.getByTestId('connect-method-unavailable').textContent).toContain('pgbouncer is not installed.');
    expect(document.querySelector('pre')).toBeNull();
  });
});

describe('Framework tabs', () => {
  it('snippets carry the API URL and anon key; the levels follow the cascade', async () => {
    await show(<FrameworkTab tab="frameworks" projectRef="abc" info={info([])} params={params({ connectTab: 'frameworks', framework: 'react' })} onChange={vi.fn()} />);
    const text = [...document.querySelectorAll('pre')].map((pre) => pre.textContent).join('\n');
    expect(text).toContain('VITE_SUPABASE_URL=http://127.0.0.1:54321/p/abc');
    expect(text).toContain('VITE_SUPABASE_ANON_KEY=anon-key-value');
    expect(screen.getAllByText('Vite').length).toBeGreaterThan(0);
  });
});

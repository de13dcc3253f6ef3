// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';

window.scrollTo = () => {};
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { ApiDocsData } from '../../actors/api-docs.ts';
import { defaultFlags, flagKey } from '../../domain/navigation/flags.ts';
import { ApiDocs } from './ApiDocs.tsx';

// The API docs view (spec B2.5, B6): keys stay masked (and out of the snippets) until 'Show keys', which only a
// user who may read them gets; sections follow their feature keys; a bucket shows the snippets of its kind.

const data: ApiDocsData = {
  projectUrl: 'http://127.0.0.1:54321/p/abc',
  anonKey: 'anon-key-value',
  serviceKey: 'service-key-value',
  doc: {
    paths: { '/books': { get: {}, post: {} } },
    definitions: { books: { required: ['title'], properties: { id: { format: 'integer', type: 'integer' }, title: { format: 'text', type: 'string' } } } },
  },
  docError: null,
  buckets: [
    { id: 'avatars', name: 'avatars', public: true, allowed_mime_types: ['image/png'], file_size_limit: 1048576 },
    { id: 'secret', name: 'secret', public: false, allowed_mime_types: [], file_size_limit: null },
  ],
  functions: [],
  schemas: ['public'],
};

async function show(options: { canRevealKeys: boolean; flags?: Record<string, boolean> }) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: 'project/$ref/api',
    component: () => <ApiDocs projectRef="abc" data={data} flags={options.flags ?? defaultFlags()} canRevealKeys={options.canRevealKeys} />,
  });
  const graphiql = createRoute({ getParentRoute: () => root, path: 'project/$ref/api/graphiql' });
  const router = createRouter({ routeTree: root.addChildren([page, graphiql]), history: createMemoryHistory({ initialEntries: ['/project/abc/api'] }) });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  await screen.findByRole('heading', { level: 1, name: 'Introduction' });
}

const nav = () => screen.getByRole('navigation', { name: 'API docs' });

describe('ApiDocs', () => {
  it('masks both keys until Show keys, and the snippets carry no key until then', async () => {
    await show({ canRevealKeys: true });
    expect(screen.getAllByText('Reveal API keys via dropdown in the header')).toHaveLength(2);
    expect(document.body.textContent).not.toContain('anon-key-value');
    expect(document.body.textContent).not.toContain('service-key-value');
    expect(screen.getByText('Never share it publicly.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show keys' }));
    expect(screen.queryByText('Reveal API keys via dropdown in the header')).toBeNull();
    expect(document.body.textContent).toContain('service-key-value');
    fireEvent.click(within(nav()).getByRole('button', { name: 'Tables & Views' }));
    fireEvent.click(screen.getByRole('button', { name: 'books' }));
    expect(screen.getByRole('region', { name: 'Read all rows' }).textContent).toContain('anon-key-value');
    fireEvent.click(screen.getByRole('button', { name: 'Hide keys' }));
    expect(screen.getByRole('region', { name: 'Read all rows' }).textContent).not.toContain('anon-key-value');
    expect(screen.getByRole('region', { name: 'Read all rows' }).textContent).toContain('SUPABASE_KEY');
  });

  it('a user who may not read the keys gets no Show keys and never sees them', async () => {
    await show({ canRevealKeys: false });
    expect(screen.queryByRole('button', { name: 'Show keys' })).toBeNull();
    expect(document.body.textContent).not.toContain('anon-key-value');
  });

  it('gates sections by their feature keys', async () => {
    await show({ canRevealKeys: true, flags: { ...defaultFlags(), [flagKey('project_storage:all')]: false, [flagKey('realtime:all')]: false } });
    const names = within(nav()).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Introduction', 'User Management', 'Edge Functions', 'Tables & Views', 'Stored Procedures']);
  });

  it('a public bucket: badge, limits, public URL and no signed URL; a private bucket the reverse', async () => {
    await show({ canRevealKeys: true });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Storage' }));
    fireEvent.click(screen.getByRole('button', { name: 'avatars' }));
    expect(screen.getByText('Public')).toBeTruthy();
    expect(screen.getByText('Allowed MIME types: image/png')).toBeTruthy();
    expect(screen.getByText('Max file size limit: 1 MB')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Retrieve public URL' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Create a signed URL' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Storage'), { target: { value: 'secret' } });
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByText('Allowed MIME types: No types are allowed')).toBeTruthy();
    expect(screen.getByText('Max file size limit: No limit')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create a signed URL' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Retrieve public URL' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Storage' })).toBeTruthy();
  });
});

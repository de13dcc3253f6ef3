import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { infiniteListMachine } from '../../machines/infinite-list.machine.ts';
import { selectCount, selectHasMore, selectItems } from '../../machines/infinite-list.selectors.ts';
import { defineFetchTablesPage } from './table-list.ts';

const entity = (id: number) => ({ id, schema: 'public', name: `t${id}`, type: 'r', comment: null, rls_enabled: false });

describe('the table list fetchPage actor', () => {
  it('runs the list statement with the list query and pages while pages × limit < count', async () => {
    const run = vi.fn(async (_ref: string, statement: { parameters?: unknown[] }) => {
      const offset = statement.parameters![6] as number;
      const ids = Array.from({ length: Math.min(100, 150 - offset) }, (_, i) => offset + i + 1);
      return [{ count: 150, entities: ids.map(entity) }];
    });
    const machine = infiniteListMachine.provide({ actors: { fetchPage: defineFetchTablesPage(run as never) } });
    const list = createActor(machine, {
      input: { pageSize: 100, base: { projectRef: 'abc', schema: 'app' }, sort: 'type', statuses: ['v'] },
    }).start();
    await waitFor(list, (s) => s.matches('idle'));
    expect(run).toHaveBeenCalledTimes(1);
    const [ref, statement, options] = run.mock.calls[0]! as unknown as [string, { parameters: unknown[] }, { signal: AbortSignal }];
    expect(ref).toBe('abc');
    expect(statement.parameters).toEqual([['app'], '', ['v'], 'type', ['r', 'v', 'm', 'f', 'p'], 100, 0]);
    expect(options.signal).toBeInstanceOf(AbortSignal);
    expect(selectHasMore(list.getSnapshot())).toBe(true);

    list.send({ type: 'list.loadMore' });
    await waitFor(list, (s) => s.matches('idle'));
    expect(selectItems(list.getSnapshot())).toHaveLength(150);
    expect(selectCount(list.getSnapshot())).toBe(150);
    expect(selectHasMore(list.getSnapshot())).toBe(false);
    list.send({ type: 'list.loadMore' });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('fails loudly without a project', async () => {
    const machine = infiniteListMachine.provide({ actors: { fetchPage: defineFetchTablesPage(vi.fn() as never) } });
    const list = createActor(machine, { input: { pageSize: 100 } }).start();
    await waitFor(list, (s) => s.hasTag('error'));
    expect(list.getSnapshot().context.error).toBe('No project to list tables of');
  });
});

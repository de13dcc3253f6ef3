import { describe, expect, it } from 'vitest';
import { activeLints, advisorFindings, canActOnAdvisors, fixSnippetName, groupByLevel, type AdvisorLint } from './advisors.ts';
import { advisorsDot } from './navigation/project-sidebar.ts';
import { formatMs, isExplainable } from './query-performance.ts';

const lint = (over: Partial<AdvisorLint>): AdvisorLint => ({
  name: 'rls_disabled_in_public',
  title: 'RLS Disabled in Public',
  level: 'ERROR',
  facing: 'EXTERNAL',
  categories: ['SECURITY'],
  description: 'd',
  detail: 'Table public.todos is public, but RLS has not been enabled.',
  remediation: 'alter table public.todos enable row level security;',
  metadata: { schema: 'public', name: 'todos', type: 'table' },
  object_key: 'public.todos',
  cache_key: 'rls_disabled_in_public_public.todos',
  dismissed: false,
  ...over,
});

describe('advisor findings', () => {
  const all = [
    lint({}),
    lint({ name: 'function_search_path_mutable', level: 'WARN', object_key: 'public.f()', detail: 'Function public.f', dismissed: true }),
    lint({ name: 'no_primary_key', level: 'INFO', categories: ['PERFORMANCE'], object_key: 'public.logs', detail: 'Table public.logs' }),
  ];
  it('keeps one category, hides dismissed ones unless asked, and searches title, detail and object', () => {
    expect(advisorFindings(all, 'SECURITY').map((l) => l.object_key)).toEqual(['public.todos']);
    expect(advisorFindings(all, 'SECURITY', { showDismissed: true })).toHaveLength(2);
    expect(advisorFindings(all, 'PERFORMANCE').map((l) => l.name)).toEqual(['no_primary_key']);
    expect(advisorFindings(all, 'SECURITY', { search: '  TODOS ' })).toHaveLength(1);
    expect(advisorFindings(all, 'SECURITY', { search: 'logs' })).toHaveLength(0);
  });
  it('groups by level in level order, empty levels kept', () => {
    expect(groupByLevel(all).map((g) => [g.level, g.lints.length])).toEqual([['ERROR', 1], ['WARN', 1], ['INFO', 1]]);
    expect(groupByLevel([]).map((g) => g.lints.length)).toEqual([0, 0, 0]);
  });
  it('the sidebar dot counts only findings not dismissed (spec A2.4)', () => {
    expect(advisorsDot(activeLints(all))).toBe('red');
    expect(advisorsDot(activeLints([all[1]!]))).toBeNull();
    expect(advisorsDot(activeLints([lint({ level: 'WARN' })]))).toBe('amber');
  });
  it('read-only members cannot act', () => {
    expect(canActOnAdvisors('read_only')).toBe(false);
    expect(canActOnAdvisors(undefined)).toBe(false);
    expect(canActOnAdvisors('developer')).toBe(true);
  });
  it('names the snippet after the finding, within 256 characters', () => {
    expect(fixSnippetName(all[0]!)).toBe('RLS Disabled in Public: todos');
    expect(fixSnippetName(lint({ metadata: { schema: 'public', name: 'x'.repeat(400), type: 'table' } }))).toHaveLength(256);
  });
});

describe('query performance', () => {
  it('formats milliseconds', () => {
    expect(formatMs(0.0123)).toBe('0.012 ms');
    expect(formatMs(12.345)).toBe('12.35 ms');
    expect(formatMs(2500)).toBe('2.50 s');
  });
  it('knows which statements have a plan', () => {
    for (const q of ['select 1', '  WITH x as (select 1) select * from x', 'insert into t values ($1)', '(select 1)', '-- note\nselect 1', 'update t set a = $1', 'delete from t']) {
      expect(isExplainable(q), q).toBe(true);
    }
    for (const q of ['create table t (id int)', 'alter table t add column a int', 'begin', 'set search_path = public', 'explain select 1', 'selectx']) {
      expect(isExplainable(q), q).toBe(false);
    }
  });
});

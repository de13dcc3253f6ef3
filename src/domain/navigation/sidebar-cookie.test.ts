import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSidebarCookie, parseSidebarCookie } from './sidebar-cookie.ts';
import {
  DEFAULT_SIDEBAR_BEHAVIOUR,
  SIDEBAR_BEHAVIOUR_LABELS,
  isSidebarBehaviour,
  isSidebarOpen,
  readSidebarBehaviour,
} from './sidebar-behaviour.ts';

describe('sidebar cookie (spec A2.4, C9)', () => {
  it("is 'sidebar:state' with path / for 7 days", () => {
    expect(buildSidebarCookie(true)).toBe('sidebar:state=true; path=/; max-age=604800');
    expect(buildSidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800');
  });

  it('reads the state back from a cookie header', () => {
    expect(parseSidebarCookie('sidebar:state=true')).toBe(true);
    expect(parseSidebarCookie('theme=dark; sidebar:state=false; x=1')).toBe(false);
    expect(parseSidebarCookie('theme=dark')).toBeUndefined();
    expect(parseSidebarCookie('sidebar:state=maybe')).toBeUndefined();
    expect(parseSidebarCookie('xsidebar:state=true')).toBeUndefined();
    expect(parseSidebarCookie('')).toBeUndefined();
    expect(parseSidebarCookie(undefined)).toBeUndefined();
  });

  it('property: build then parse round-trips among other cookies', () => {
    const other = fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/)).map(([k, v]) => `${k}=${v}`);
    fc.assert(
      fc.property(fc.boolean(), fc.array(other, { maxLength: 3 }), fc.array(other, { maxLength: 3 }), (open, before, after) => {
        const pair = buildSidebarCookie(open).split(';')[0]!;
        expect(parseSidebarCookie([...before, pair, ...after].join('; '))).toBe(open);
      }),
    );
  });
});

describe('sidebar behaviour (spec A2.4)', () => {
  it("defaults to 'hover' labelled 'Expand on hover'", () => {
    expect(DEFAULT_SIDEBAR_BEHAVIOUR).toBe('hover');
    expect(SIDEBAR_BEHAVIOUR_LABELS).toEqual({ expanded: 'Expanded', collapsed: 'Collapsed', hover: 'Expand on hover' });
  });

  it('reads stored values, falling back to the default', () => {
    expect(readSidebarBehaviour('expanded')).toBe('expanded');
    expect(readSidebarBehaviour('collapsed')).toBe('collapsed');
    expect(readSidebarBehaviour('bogus')).toBe('hover');
    expect(readSidebarBehaviour(null)).toBe('hover');
    expect(isSidebarBehaviour('hover')).toBe(true);
    expect(isSidebarBehaviour(1)).toBe(false);
  });

  it('opens expanded always, collapsed never, hover while hovered', () => {
    for (const hovered of [true, false]) {
      expect(isSidebarOpen('expanded', hovered)).toBe(true);
      expect(isSidebarOpen('collapsed', hovered)).toBe(false);
      expect(isSidebarOpen('hover', hovered)).toBe(hovered);
    }
  });
});

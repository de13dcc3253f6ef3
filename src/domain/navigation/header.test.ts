import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultFlags } from './flags.ts';
import {
  branchesHref,
  helpPopoverItems,
  isExceedingUsageLimits,
  newOrganizationHref,
  newProjectHref,
  showsLargeLogo,
  showsLocalToolsMenu,
  usageLimitsHref,
} from './header.ts';
import * as constants from './constants.ts';

describe('header (spec A2.3)', () => {
  it("offers 'New organization' and 'New project' behind their flags", () => {
    expect(newOrganizationHref(defaultFlags())).toBe('/new');
    expect(newOrganizationHref({ ...defaultFlags(), organizationsCreate: false })).toBeNull();
    expect(newProjectHref(defaultFlags(), 'acme')).toBe('/new/acme');
    expect(newProjectHref({ ...defaultFlags(), projectsCreate: false }, 'acme')).toBeNull();
    expect(newProjectHref(defaultFlags(true), 'acme')).toBeNull();
  });

  it('shows the large logo only with branding:large_logo (off by default)', () => {
    expect(showsLargeLogo(defaultFlags())).toBe(false);
    expect(showsLargeLogo({ brandingLargeLogo: true })).toBe(true);
  });

  it("shows 'Exceeding usage limits' when usage passes the free units (default 0)", () => {
    expect(isExceedingUsageLimits([{ usage: 5, pricing_free_units: 10 }])).toBe(false);
    expect(isExceedingUsageLimits([{ usage: 10, pricing_free_units: 10 }])).toBe(false);
    expect(isExceedingUsageLimits([{ usage: 11, pricing_free_units: 10 }])).toBe(true);
    expect(isExceedingUsageLimits([{ usage: 1 }])).toBe(true);
    expect(isExceedingUsageLimits([{ usage: 1, pricing_free_units: null }])).toBe(true);
    expect(isExceedingUsageLimits([{ usage: 0 }])).toBe(false);
    expect(isExceedingUsageLimits([])).toBe(false);
    expect(usageLimitsHref('acme')).toBe('/org/acme/usage');
  });

  it('property: exceeding iff some metric is above its free units', () => {
    const metric = fc.record({ usage: fc.nat(100), pricing_free_units: fc.option(fc.nat(100), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(metric, { maxLength: 5 }), (metrics) => {
        expect(isExceedingUsageLimits(metrics)).toBe(metrics.some((m) => m.usage > (m.pricing_free_units ?? 0)));
      }),
    );
  });

  it('lists the status page and Contact support only on the platform', () => {
    expect(helpPopoverItems(true)).toEqual(['assistant', 'docs', 'troubleshooting', 'status', 'support', 'community']);
    expect(helpPopoverItems(false)).toEqual(['assistant', 'docs', 'troubleshooting', 'community']);
  });

  it('shows the local tools dropdown only off the platform, and links to branches', () => {
    expect(showsLocalToolsMenu(false)).toBe(true);
    expect(showsLocalToolsMenu(true)).toBe(false);
    expect(branchesHref('abc')).toBe('/project/abc/branches');
  });
});

describe('constants (spec A2, C9)', () => {
  it('carries the spec values', () => {
    expect(constants).toMatchObject({
      BASE_PATH: '/dashboard',
      PRODUCT_NAME: 'Strata',
      SIDEBAR_COOKIE: 'sidebar:state',
      SIDEBAR_COOKIE_MAX_AGE: 7 * 24 * 60 * 60,
      MOBILE_BREAKPOINT: 768,
      SWIPE_CLOSE_THRESHOLD: 100,
      LIST_SCROLL_THRESHOLD: 7,
      PROJECT_SEARCH_DEBOUNCE_MS: 500,
      LINK_PREFETCH_DELAY_MS: 75,
      DEFAULT_MOBILE_BREAKPOINT: 'lg',
      BREAKPOINTS: { sm: 639, md: 767, lg: 1023, xl: 1027, '2xl': 1535 },
    });
  });
});

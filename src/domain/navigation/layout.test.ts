import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountBackLink,
  homeLinkTarget,
  isProductMenuHiddenByStatus,
  isSidebarHidden,
  listScrolls,
  mobileLogoTarget,
  pageTitle,
  sheetClosesOnSwipe,
  showProductMenu,
  showsMobileBar,
  showsPausedProjectView,
  switchOrganizationPath,
  switchProjectPath,
} from './layout.ts';
import { PROJECT_STATUSES } from './project-status.ts';

const ref = fc.stringMatching(/^[a-z]{4,20}$/);
const slug = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/);
const optionalSlug = fc.option(slug, { nil: undefined });

describe('isSidebarHidden (spec A2.3)', () => {
  it('hides the sidebar on /account…, /new…, /support/new, /organizations and /sign-in', () => {
    for (const path of [
      '/account',
      '/account/me',
      '/account/tokens',
      '/new',
      '/new/acme',
      '/support/new',
      '/support/new/',
      '/organizations',
      '/sign-in',
    ]) {
      expect(isSidebarHidden(path), path).toBe(true);
    }
  });

  it('shows it elsewhere', () => {
    for (const path of ['/', '/project/abc', '/org/acme', '/support', '/organizations/x', '/sign-in/x', '/project/abc/new', '/org/new']) {
      expect(isSidebarHidden(path), path).toBe(false);
    }
  });

  it('property: anything under /account or /new hides it', () => {
    fc.assert(
      fc.property(fc.constantFrom('account', 'new'), fc.array(segment, { maxLength: 4 }), (root, rest) => {
        expect(isSidebarHidden(`/${[root, ...rest].join('/')}`)).toBe(true);
      }),
    );
  });
});

describe('accountBackLink (spec A2.3)', () => {
  it('prefers the last route before the account pages, then the last org, then /organizations', () => {
    expect(accountBackLink({ lastRouteBeforeAccount: '/project/abc/sql', lastVisitedOrgSlug: 'acme' })).toBe('/project/abc/sql');
    expect(accountBackLink({ lastRouteBeforeAccount: undefined, lastVisitedOrgSlug: 'acme' })).toBe('/org/acme');
    expect(accountBackLink({ lastRouteBeforeAccount: '', lastVisitedOrgSlug: 'acme' })).toBe('/org/acme');
    expect(accountBackLink({})).toBe('/organizations');
    expect(accountBackLink({ lastRouteBeforeAccount: null, lastVisitedOrgSlug: null })).toBe('/organizations');
  });
});

describe('showProductMenu (spec A2.3)', () => {
  it('needs a ref and a page other than exactly /project/{ref}', () => {
    expect(showProductMenu({ ref: 'abc', pathname: '/project/abc/editor' })).toBe(true);
    expect(showProductMenu({ ref: 'abc', pathname: '/project/abc' })).toBe(false);
    expect(showProductMenu({ ref: 'abc', pathname: '/project/abc/' })).toBe(false);
    expect(showProductMenu({ ref: undefined, pathname: '/project/abc/editor' })).toBe(false);
    expect(showProductMenu({ ref: '', pathname: '/org/acme' })).toBe(false);
  });

  it('property: shown on every sub-route of the project', () => {
    fc.assert(
      fc.property(ref, fc.array(segment, { minLength: 1, maxLength: 4 }), (r, rest) => {
        expect(showProductMenu({ ref: r, pathname: `/project/${r}/${rest.join('/')}` })).toBe(true);
        expect(showProductMenu({ ref: r, pathname: `/project/${r}` })).toBe(false);
      }),
    );
  });
});

describe('isProductMenuHiddenByStatus (spec A2.8)', () => {
  it('shows the menu for ACTIVE_HEALTHY anywhere', () => {
    expect(isProductMenuHiddenByStatus({ status: 'ACTIVE_HEALTHY', pathname: '/project/abc/editor' })).toBe(false);
  });

  it('shows it for COMING_UP only on settings routes', () => {
    expect(isProductMenuHiddenByStatus({ status: 'COMING_UP', pathname: '/project/abc/settings/general' })).toBe(false);
    expect(isProductMenuHiddenByStatus({ status: 'COMING_UP', pathname: '/project/abc/editor' })).toBe(true);
  });

  it('shows it on branches routes whatever the status', () => {
    for (const status of [...PROJECT_STATUSES, undefined]) {
      expect(isProductMenuHiddenByStatus({ status, pathname: '/project/abc/branches' })).toBe(false);
    }
  });

  it('hides it for every other status', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'ACTIVE_HEALTHY')) {
      expect(isProductMenuHiddenByStatus({ status, pathname: '/project/abc/database/tables' }), status).toBe(true);
      if (status !== 'COMING_UP') {
        expect(isProductMenuHiddenByStatus({ status, pathname: '/project/abc/settings/general' }), status).toBe(true);
      }
    }
    expect(isProductMenuHiddenByStatus({ status: undefined, pathname: '/project/abc/editor' })).toBe(true);
  });
});

describe('showsPausedProjectView (spec A2.8)', () => {
  it('shows the paused view for INACTIVE except on home and settings', () => {
    expect(showsPausedProjectView({ status: 'INACTIVE', pathname: '/project/abc/editor' })).toBe(true);
    expect(showsPausedProjectView({ status: 'INACTIVE', pathname: '/project/abc' })).toBe(false);
    expect(showsPausedProjectView({ status: 'INACTIVE', pathname: '/project/abc/settings/general' })).toBe(false);
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'INACTIVE')) {
      expect(showsPausedProjectView({ status, pathname: '/project/abc/editor' })).toBe(false);
    }
  });
});

describe('pageTitle (spec A2.3)', () => {
  it("is '{page title} | Strata'", () => {
    expect(pageTitle({ page: 'Table Editor' })).toBe('Table Editor | Strata');
    expect(pageTitle({})).toBe('Strata');
  });

  it("is '{table} | {project} | {org} | Strata' with a table", () => {
    expect(pageTitle({ table: 'countries', project: 'Shop', org: 'Acme', page: 'Table Editor' })).toBe('countries | Shop | Acme | Strata');
    expect(pageTitle({ table: 'countries', project: 'Shop' })).toBe('countries | Shop | Strata');
  });

  it('property: always ends with the product name, parts joined by " | "', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
    fc.assert(
      fc.property(part, part, part, (table, project, org) => {
        expect(pageTitle({ table, project, org }).split(' | ')).toEqual([table, project, org, 'Strata']);
      }),
    );
  });
});

describe('homeLinkTarget (spec A2.3)', () => {
  it('goes to the last visited, current, then first organization, else /organizations', () => {
    expect(homeLinkTarget({ isPlatform: true, lastVisitedOrgSlug: 'a', currentOrgSlug: 'b', firstOrgSlug: 'c' })).toBe('/org/a');
    expect(homeLinkTarget({ isPlatform: true, currentOrgSlug: 'b', firstOrgSlug: 'c' })).toBe('/org/b');
    expect(homeLinkTarget({ isPlatform: true, firstOrgSlug: 'c' })).toBe('/org/c');
    expect(homeLinkTarget({ isPlatform: true })).toBe('/organizations');
  });

  it('is /project/default off the platform', () => {
    expect(homeLinkTarget({ isPlatform: false, lastVisitedOrgSlug: 'a' })).toBe('/project/default');
  });

  it('property: the first present slug wins', () => {
    fc.assert(
      fc.property(optionalSlug, optionalSlug, optionalSlug, (last, current, first) => {
        const winner = last ?? current ?? first;
        expect(homeLinkTarget({ isPlatform: true, lastVisitedOrgSlug: last, currentOrgSlug: current, firstOrgSlug: first })).toBe(
          winner === undefined ? '/organizations' : `/org/${winner}`,
        );
      }),
    );
  });
});

describe('mobile bar (spec A2.3)', () => {
  it('logo links to /organizations on the platform, /project/{ref} self-hosted', () => {
    expect(mobileLogoTarget({ isPlatform: true, ref: 'abc' })).toBe('/organizations');
    expect(mobileLogoTarget({ isPlatform: false, ref: 'abc' })).toBe('/project/abc');
    expect(mobileLogoTarget({ isPlatform: false })).toBe('/project/default');
  });

  it('shows below 768 px', () => {
    expect(showsMobileBar(767)).toBe(true);
    expect(showsMobileBar(768)).toBe(false);
    expect(showsMobileBar(320)).toBe(true);
  });

  it('closes a sheet on a downward swipe beyond 100 px, else snaps back', () => {
    expect(sheetClosesOnSwipe(101)).toBe(true);
    expect(sheetClosesOnSwipe(100)).toBe(false);
    expect(sheetClosesOnSwipe(-300)).toBe(false);
    expect(sheetClosesOnSwipe(60, 50)).toBe(true);
  });

  it('switcher lists scroll above 7 entries', () => {
    expect(listScrolls(7)).toBe(false);
    expect(listScrolls(8)).toBe(true);
    expect(listScrolls(0)).toBe(false);
  });
});

describe('switchProjectPath (spec A2.3, B2.4)', () => {
  it('cuts the path to 4 segments and replaces the ref', () => {
    expect(switchProjectPath({ pathname: '/project/abc/editor/123', newRef: 'xyz' })).toBe('/project/xyz/editor');
    expect(switchProjectPath({ pathname: '/project/abc/sql/42', search: '', newRef: 'xyz' })).toBe('/project/xyz/sql');
    expect(switchProjectPath({ pathname: '/project/abc/auth/users', newRef: 'xyz' })).toBe('/project/xyz/auth');
    expect(switchProjectPath({ pathname: '/project/abc', newRef: 'xyz' })).toBe('/project/xyz');
    expect(switchProjectPath({ pathname: '/project/abc/', newRef: 'xyz' })).toBe('/project/xyz');
  });

  it('keeps 5 segments when the query holds bucketId or preset', () => {
    expect(
      switchProjectPath({ pathname: '/project/abc/storage/buckets/avatars', search: '?bucketId=avatars', newRef: 'xyz' }),
    ).toBe('/project/xyz/storage/buckets');
    expect(switchProjectPath({ pathname: '/project/abc/advisors/security/x', search: '?preset=rls', newRef: 'xyz' })).toBe(
      '/project/xyz/advisors/security',
    );
    expect(switchProjectPath({ pathname: '/project/abc/storage/files/x', search: '?bucket-id=a', newRef: 'xyz' })).toBe(
      '/project/xyz/storage/files',
    );
    expect(switchProjectPath({ pathname: '/project/abc/storage/buckets/a', search: { bucketId: 'a' }, newRef: 'xyz' })).toBe(
      '/project/xyz/storage/buckets',
    );
    expect(switchProjectPath({ pathname: '/project/abc/storage/buckets/a', search: { other: 'a' }, newRef: 'xyz' })).toBe(
      '/project/xyz/storage',
    );
  });

  it('lands on a page: grows a cut path that is no page back towards the current page, else its nearest parent page', () => {
    const pages = new Set(['/project/xyz', '/project/xyz/settings/general', '/project/xyz/auth/users', '/project/xyz/editor']);
    const isPage = (path: string) => pages.has(path);
    expect(switchProjectPath({ pathname: '/project/abc/settings/general', newRef: 'xyz', isPage })).toBe(
      '/project/xyz/settings/general',
    );
    expect(switchProjectPath({ pathname: '/project/abc/auth/users/', newRef: 'xyz', isPage })).toBe('/project/xyz/auth/users');
    expect(switchProjectPath({ pathname: '/project/abc/editor/123', newRef: 'xyz', isPage })).toBe('/project/xyz/editor');
    expect(switchProjectPath({ pathname: '/project/abc/nowhere/deep/er', newRef: 'xyz', isPage })).toBe('/project/xyz');
    const storagePages = new Set(['/project/xyz/storage']);
    expect(
      switchProjectPath({
        pathname: '/project/abc/storage/buckets/a',
        search: '?bucketId=a',
        newRef: 'xyz',
        isPage: (path) => storagePages.has(path),
      }),
    ).toBe('/project/xyz/storage');
  });

  it('goes to /project/{newRef} off project paths', () => {
    expect(switchProjectPath({ pathname: '/org/acme', newRef: 'xyz' })).toBe('/project/xyz');
    expect(switchProjectPath({ pathname: '/', newRef: 'xyz' })).toBe('/project/xyz');
  });

  it('property: result is the new ref plus at most 1 (or 2) sub-segments of the old path', () => {
    fc.assert(
      fc.property(ref, ref, fc.array(segment, { maxLength: 5 }), fc.boolean(), (oldRef, newRef, rest, storage) => {
        const pathname = `/project/${oldRef}${rest.map((s) => `/${s}`).join('')}`;
        const result = switchProjectPath({ pathname, search: storage ? '?bucketId=b' : '?x=1', newRef });
        const keep = storage ? 2 : 1;
        expect(result).toBe(`/project/${newRef}${rest.slice(0, keep).map((s) => `/${s}`).join('')}`);
        expect(result.split('/').length).toBeLessThanOrEqual(storage ? 5 : 4);
      }),
    );
  });
});

describe('switchOrganizationPath', () => {
  it('keeps the organization sub-route with the slug replaced', () => {
    expect(switchOrganizationPath({ pathname: '/org/acme/team', newSlug: 'beta' })).toBe('/org/beta/team');
    expect(switchOrganizationPath({ pathname: '/org/acme', newSlug: 'beta' })).toBe('/org/beta');
    expect(switchOrganizationPath({ pathname: '/org/acme/billing?panel=costControl', newSlug: 'beta' })).toBe('/org/beta/billing');
    expect(switchOrganizationPath({ pathname: '/project/abc', newSlug: 'beta' })).toBe('/org/beta');
    expect(switchOrganizationPath({ pathname: '/organizations', newSlug: 'beta' })).toBe('/org/beta');
  });
});

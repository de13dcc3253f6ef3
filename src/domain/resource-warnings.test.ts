import { describe, expect, it } from 'vitest';
import { resourceBanner, warningButtonHref } from './resource-banner.ts';
import { levelOf, multipleLevel, noResourceWarnings, type ResourceWarnings } from './resource-warnings.ts';

const ref = 'abcdefghijklmnopqrst';
const none: ResourceWarnings = noResourceWarnings(ref);
const home = `/project/${ref}`;

describe('levels', () => {
  it('warning from 80 %, critical from 90 % of the disk; nothing without a limit', () => {
    expect(levelOf(79, 100, 0.8, 0.9)).toBeNull();
    expect(levelOf(80, 100, 0.8, 0.9)).toBe('warning');
    expect(levelOf(90, 100, 0.8, 0.9)).toBe('critical');
    expect(levelOf(5, 0, 0.8, 0.9)).toBeNull();
  });
  it('multiple only with two or more, at the highest level', () => {
    expect(multipleLevel({ ...none, disk_space_exhaustion: 'warning' })).toBeNull();
    expect(multipleLevel({ ...none, disk_space_exhaustion: 'warning', connections_exhaustion: 'warning' })).toBe('warning');
    expect(multipleLevel({ ...none, disk_space_exhaustion: 'warning', is_readonly_mode_enabled: 'critical' })).toBe('critical');
  });
});

describe('resourceBanner (spec A2.12)', () => {
  it('shows nothing without a warning', () => {
    expect(resourceBanner(none, home)).toBeNull();
    expect(resourceBanner(null, home)).toBeNull();
  });
  it('words disk space as kept, button Check to compute-and-disk', () => {
    const banner = resourceBanner({ ...none, disk_space_exhaustion: 'warning' }, home)!;
    expect(banner.description).toContain('The disk can be increased up to 200GB on the Database Settings page');
    expect(banner).toMatchObject({ metric: 'disk_space', button: 'Check', href: `/project/${ref}/settings/compute-and-disk` });
  });
  it('read-only: must be reduced below 95%; hidden on compute-and-disk only', () => {
    const ro = { ...none, is_readonly_mode_enabled: 'critical' as const };
    expect(resourceBanner(ro, home)!.description).toContain('below 95%');
    expect(resourceBanner(ro, `${home}/settings/infrastructure`)).not.toBeNull();
    expect(resourceBanner(ro, `/org/acme/usage`)).not.toBeNull();
    expect(resourceBanner(ro, `${home}/settings/compute-and-disk`)).toBeNull();
  });
  it('other warnings are hidden on /usage and /infrastructure', () => {
    const disk = { ...none, disk_space_exhaustion: 'critical' as const };
    expect(resourceBanner(disk, `${home}/settings/infrastructure`)).toBeNull();
    expect(resourceBanner(disk, `/org/acme/usage`)).toBeNull();
    expect(resourceBanner(disk, `${home}/settings/compute-and-disk`)).not.toBeNull();
  });
  it('auth mail limit: only on auth pages, Enable Custom SMTP to auth/rate-limits', () => {
    const auth = { ...none, auth_rate_limit_exhaustion: 'warning' as const };
    expect(resourceBanner(auth, home)).toBeNull();
    expect(resourceBanner(auth, `${home}/auth/users`)).toMatchObject({
      title: 'Your project has exceeded email rate limits in the past 24 hours',
      button: 'Enable Custom SMTP',
      href: `/project/${ref}/auth/rate-limits`,
    });
  });
  it('the combined warning comes first with Check usage', () => {
    const both = { ...none, disk_space_exhaustion: 'warning' as const, connections_exhaustion: 'critical' as const, multiple_resource_warnings: 'critical' as const };
    expect(resourceBanner(both, home)).toMatchObject({ button: 'Check usage', level: 'critical', metric: 'multiple_resource_warnings' });
  });
  it('button targets', () => {
    expect(warningButtonHref(ref, 'read_only')).toBe(`/project/${ref}/settings/compute-and-disk`);
    expect(warningButtonHref(ref, 'auth_restricted_email_sending')).toBe(`/project/${ref}/auth/smtp`);
    expect(warningButtonHref(ref, 'cpu')).toBe(`/project/${ref}/settings/infrastructure#cpu`);
  });
});

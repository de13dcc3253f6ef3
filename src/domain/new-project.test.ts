import { describe, expect, it } from 'vitest';
import { createProjectBody } from '../api/schemas/projects.ts';
import { createProjectRequest, NEW_PROJECT_MESSAGES, PROJECT_NAME_MAX_LENGTH, validateNewProject } from './new-project.ts';
import { createOrganizationBody } from '../api/schemas/organizations.ts';
import { ORGANIZATION_MESSAGES, PLAN_OPTIONS, validateOrganizationName } from './organizations.ts';
import { PLAN_IDS } from '../api/schemas/platformFields.ts';

const good = { name: 'Storefront', password: 'Quiet-river-stone-42', region: 'local', version: '15|ga' };

describe('new project form', () => {
  it('a valid form has no messages, and its request passes the server schema', () => {
    expect(validateNewProject(good)).toEqual({});
    const body = createProjectRequest('acme', { ...good, name: '  Storefront ' });
    expect(body).toEqual({
      organization_slug: 'acme',
      name: 'Storefront',
      db_pass: 'Quiet-river-stone-42',
      db_region: 'local',
      cloud_provider: 'AWS',
      postgres_engine: '15',
      release_channel: 'ga',
    });
    expect(createProjectBody.safeParse(body).success).toBe(true);
  });

  it('without a version choice the platform picks its default', () => {
    expect(createProjectRequest('acme', { ...good, version: '' })).not.toHaveProperty('postgres_engine');
  });

  it('explains each wrong field', () => {
    expect(validateNewProject({ name: ' ', password: 'short', region: '', version: 'nope' })).toEqual({
      name: NEW_PROJECT_MESSAGES.nameRequired,
      password: 'This password is too short: use at least 8 characters.',
      region: NEW_PROJECT_MESSAGES.regionRequired,
      version: NEW_PROJECT_MESSAGES.versionInvalid,
    });
    expect(validateNewProject({ ...good, name: 'x'.repeat(PROJECT_NAME_MAX_LENGTH + 1) }).name).toBe(NEW_PROJECT_MESSAGES.nameTooLong);
    expect(validateNewProject({ ...good, password: 'password1' }).password).toBe('This password is too common and easy to guess.');
  });
});

describe('new organization form', () => {
  it('offers the plans the server accepts', () => {
    expect(PLAN_OPTIONS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  });

  it('needs a name the server accepts', () => {
    expect(validateOrganizationName('   ')).toBe(ORGANIZATION_MESSAGES.nameRequired);
    expect(validateOrganizationName('x'.repeat(257))).toBe(ORGANIZATION_MESSAGES.nameTooLong);
    expect(validateOrganizationName('Acme')).toBeNull();
    expect(createOrganizationBody.safeParse({ name: 'x'.repeat(256), plan: 'team' }).success).toBe(true);
  });
});

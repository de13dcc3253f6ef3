// The new-project form (spec A2.2 /new/{orgSlug}, A7 POST /platform/projects).
import { passwordStrength } from './password-strength.ts';
import { parseVersionValue } from './postgres-versions.ts';

export const PROJECT_NAME_MAX_LENGTH = 64;

/** The local platform runs every project on this machine: one region, one provider. */
export const PROJECT_REGIONS = [{ id: 'local', label: 'Local (this machine)' }] as const;
export const DEFAULT_REGION = PROJECT_REGIONS[0].id;
export const DEFAULT_CLOUD_PROVIDER = 'AWS';

export interface NewProjectFields {
  name: string;
  password: string;
  region: string;
  /** engine|channel, or '' for the platform's default version. */
  version: string;
}
export type NewProjectField = keyof NewProjectFields;
export type NewProjectErrors = Partial<Record<NewProjectField, string>>;

export const NEW_PROJECT_MESSAGES = {
  nameRequired: 'Enter a name for your project.',
  nameTooLong: `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters.`,
  regionRequired: 'Select a region.',
  versionInvalid: 'Select a Postgres version.',
  /** Renaming (project settings → General) to the name the project already has. */
  nameUnchanged: 'Enter a new name for your project.',
} as const;

/** The name rule of creating and of renaming a project (the platform's is the same: 1–64 characters, trimmed). */
export function validateProjectName(value: string): string | null {
  const name = value.trim();
  if (name === '') return NEW_PROJECT_MESSAGES.nameRequired;
  if (name.length > PROJECT_NAME_MAX_LENGTH) return NEW_PROJECT_MESSAGES.nameTooLong;
  return null;
}

/** Field messages; an empty object when the form may be sent. */
export function validateNewProject(fields: NewProjectFields): NewProjectErrors {
  const errors: NewProjectErrors = {};
  const nameProblem = validateProjectName(fields.name);
  if (nameProblem !== null) errors.name = nameProblem;
  const strength = passwordStrength(fields.password);
  if (!strength.acceptable) errors.password = strength.message;
  if (fields.region.trim() === '') errors.region = NEW_PROJECT_MESSAGES.regionRequired;
  if (fields.version !== '' && parseVersionValue(fields.version) === null) errors.version = NEW_PROJECT_MESSAGES.versionInvalid;
  return errors;
}

export interface CreateProjectRequest {
  organization_slug: string;
  name: string;
  db_pass: string;
  db_region: string;
  cloud_provider: string;
  postgres_engine?: string;
  release_channel?: string;
}

/** The request body of POST /platform/projects (spec A7); the version is sent only when one is chosen. */
export function createProjectRequest(slug: string, fields: NewProjectFields): CreateProjectRequest {
  const choice = parseVersionValue(fields.version);
  return {
    organization_slug: slug,
    name: fields.name.trim(),
    db_pass: fields.password,
    db_region: fields.region,
    cloud_provider: DEFAULT_CLOUD_PROVIDER,
    ...(choice ?? {}),
  };
}

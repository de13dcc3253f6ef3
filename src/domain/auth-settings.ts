// The Authentication settings pages (spec A2.7; issue 18): url-configuration, rate-limits, providers, sessions, mfa,
// hooks, templates, smtp, advanced, protection and third-party are one form each over the project's auth settings
// (GET/PATCH /platform/projects/{ref}/config/auth, GoTrue's names). Each field is declared once
// (auth-settings-pages.ts); the rules that turn stored settings into form values, check what was typed and build the
// PATCH of what changed are pure functions of those declarations, here.
import type { MemberRole } from './shared-constants.ts';
import { can } from './permissions.ts';

export type AuthSettingValue = string | number | boolean;
/** The stored settings as the platform answers them (every field present, defaults filled in). */
export type AuthSettings = Readonly<Record<string, AuthSettingValue>>;

interface FieldBase {
  key: string;
  label: string;
  description?: string;
}
export interface SwitchField extends FieldBase {
  kind: 'switch';
  /** Shown the other way round from how it is stored (e.g. 'Confirm email' is mailer_autoconfirm off). */
  inverted?: boolean;
}
export interface NumberField extends FieldBase {
  kind: 'number';
  min: number;
  max: number;
  /** Shown in this unit: the stored value is the shown one times `scale` (hours shown, seconds stored: 3600). */
  scale?: number;
  unit: string;
}
export interface UrlField extends FieldBase {
  kind: 'url';
}
/** Comma-separated in storage (GoTrue's uri_allow_list), one a line in the form. */
export interface UrlListField extends FieldBase {
  kind: 'urlList';
}
export interface TextField extends FieldBase {
  kind: 'text';
  maxLength: number;
  /** The whole value must match (checked only when not empty). */
  pattern?: RegExp;
  patternMessage?: string;
  placeholder?: string;
  /** Required while this switch is on, or while this text field is not empty. */
  requiredBy?: string;
  multiline?: boolean;
  /** A password: typed hidden; the platform answers a set one as SECRET_MASK and keeps it when sent back. */
  secret?: boolean;
}
export type AuthSettingField = SwitchField | NumberField | UrlField | UrlListField | TextField;

export interface AuthSettingsSection {
  title: string;
  description?: string;
  fields: readonly AuthSettingField[];
  /** A plain note under the section (e.g. that a provider needs services this platform cannot reach). */
  note?: string;
}

export interface AuthSettingsPage {
  title: string;
  description: string;
  sections: readonly AuthSettingsSection[];
}

/** GoTrue's pg-functions://postgres/{schema}/{function} (the platform checks the same pattern). */
export const HOOK_URI_PATTERN = /^pg-functions:\/\/postgres\/[A-Za-z_][A-Za-z0-9_$]{0,62}\/[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

/** What the platform answers for a stored password (server/project-auth/settings.ts). */
export const SECRET_MASK = '********';

export const AUTH_SETTINGS_TEXT = {
  saved: 'Successfully updated settings',
  refused: 'You need additional permissions to update authentication settings',
  noChanges: 'No changes to save',
} as const;

/** The platform refuses PATCH config/auth below administrator (server/project-auth/config.ts). */
export const canChangeAuthSettings = (role: MemberRole | null | undefined): boolean => can(role, 'UPDATE', 'projects');

export type AuthFormValues = Record<string, string | boolean>;

export const fieldsOf = (page: AuthSettingsPage): AuthSettingField[] => page.sections.flatMap((section) => [...section.fields]);

/** The form's values for the stored settings. */
export function toFormValues(page: AuthSettingsPage, settings: AuthSettings): AuthFormValues {
  const values: AuthFormValues = {};
  for (const field of fieldsOf(page)) {
    const stored = settings[field.key];
    switch (field.kind) {
      case 'switch':
        values[field.key] = field.inverted ? stored !== true : stored === true;
        break;
      case 'number':
        values[field.key] = typeof stored === 'number' ? String(stored / (field.scale ?? 1)) : '';
        break;
      case 'urlList':
        values[field.key] = urlListEntries(String(stored ?? '')).join('\n');
        break;
      default:
        values[field.key] = String(stored ?? '');
    }
  }
  return values;
}

const urlListEntries = (text: string) => text.split(/[\n,]/).map((entry) => entry.trim()).filter((entry) => entry !== '');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Globs are allowed in redirect URLs: checked as URLs with their wildcards read as a plain path or host part. */
const isRedirectPattern = (value: string) => isHttpUrl(value.replace(/\*+/g, 'x'));

/** A switch that is on, or a text that is not empty, makes its dependants required. */
const required = (value: string | boolean | undefined) => value === true || (typeof value === 'string' && value.trim() !== '');

/** What is wrong with each field, by key; empty when the form may be saved. */
export function validateAuthForm(page: AuthSettingsPage, values: AuthFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fieldsOf(page)) {
    const value = values[field.key];
    if (field.kind === 'switch' || typeof value !== 'string') continue;
    const text = value.trim();
    if (field.kind === 'url') {
      if (!isHttpUrl(text)) errors[field.key] = 'Enter a URL starting with http:// or https://';
    } else if (field.kind === 'urlList') {
      const bad = urlListEntries(text).find((entry) => !isRedirectPattern(entry));
      if (bad !== undefined) errors[field.key] = `Not a URL: ${bad}`;
    } else if (field.kind === 'number') {
      const number = Number(text);
      const stored = number * (field.scale ?? 1);
      if (text === '' || !Number.isFinite(number)) errors[field.key] = 'Enter a number';
      else if (!Number.isInteger(stored)) errors[field.key] = field.scale ? `Enter a whole number of seconds (${field.unit} × ${field.scale})` : 'Enter a whole number';
      else if (number < field.min || number > field.max) errors[field.key] = `Enter a value from ${field.min} to ${field.max.toLocaleString('en-US')}`;
    } else if (field.kind === 'text') {
      if (text.length > field.maxLength) errors[field.key] = `At most ${field.maxLength} characters`;
      else if (text === '' && field.requiredBy !== undefined && required(values[field.requiredBy])) errors[field.key] = `${field.label} is required`;
      else if (text !== '' && field.pattern && !field.pattern.test(text)) errors[field.key] = field.patternMessage ?? 'Not valid';
    }
  }
  return errors;
}

/** The PATCH body: the fields whose value differs from the stored one, in the stored form. */
export function authSettingsPatch(page: AuthSettingsPage, settings: AuthSettings, values: AuthFormValues): Record<string, AuthSettingValue> {
  const patch: Record<string, AuthSettingValue> = {};
  for (const field of fieldsOf(page)) {
    const value = values[field.key];
    let stored: AuthSettingValue;
    if (field.kind === 'switch') stored = field.inverted ? value !== true : value === true;
    else if (field.kind === 'number') stored = Math.round(Number(String(value).trim()) * (field.scale ?? 1));
    else if (field.kind === 'urlList') stored = urlListEntries(String(value)).join(',');
    else stored = String(value).trim();
    if (stored !== settings[field.key]) patch[field.key] = stored;
  }
  return patch;
}

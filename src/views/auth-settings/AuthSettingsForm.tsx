// One Authentication settings page (spec A2.7, issue 18): url-configuration, rate-limits, providers, sessions, mfa
// and hooks are each a form over the project's auth settings, declared in src/domain/auth-settings.ts. Saved
// through the task machine (PATCH of what changed); members below administrator see the values, disabled, and why.
import { useState, type FormEvent } from 'react';
import { saveAuthSettingsTask } from '../../actors/auth-settings.ts';
import type { Project } from '../../api/types.ts';
import {
  AUTH_SETTINGS_TEXT,
  authSettingsPatch,
  canChangeAuthSettings,
  toFormValues,
  validateAuthForm,
  type AuthFormValues,
  type AuthSettingField,
  type AuthSettings,
  type AuthSettingsPage,
} from '../../domain/auth-settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useProjectRole } from '../shared/useProjectRole.ts';
import { useTask } from '../shared/useTask.ts';
import * as css from './AuthSettings.css.ts';

export interface AuthSettingsFormProps {
  project: Pick<Project, 'ref' | 'organization_id' | 'organization_slug'>;
  page: AuthSettingsPage;
  settings: AuthSettings;
  /** After a save: the route reads the settings again (and keys this form by them, so it starts afresh). */
  onSaved: () => void;
}

export function AuthSettingsForm({ project, page, settings, onSaved }: AuthSettingsFormProps) {
  const canChange = canChangeAuthSettings(useProjectRole(project));
  const initial = toFormValues(page, settings);
  const [values, setValues] = useState<AuthFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const save = useTask(saveAuthSettingsTask, {
    onDone: () => {
      toast.success(AUTH_SETTINGS_TEXT.saved);
      onSaved();
    },
  });
  const errors = validateAuthForm(page, values);
  const patch = authSettingsPatch(page, settings, values);
  const dirty = Object.keys(patch).length > 0;
  const set = (key: string, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (key: string) => ((submitted || values[key] !== initial[key]) && errors[key]) || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canChange || !dirty || Object.keys(errors).length > 0) return;
    save.run({ ref: project.ref, patch });
  };

  return (
    <div className={css.page}>
      <header>
        <h1 className={css.title}>{page.title}</h1>
        <p className={css.subtitle}>{page.description}</p>
      </header>
      {!canChange && (
        <p className={css.refused} role="note">
          {AUTH_SETTINGS_TEXT.refused}
        </p>
      )}
      <form className={css.form} onSubmit={submit} noValidate aria-label={page.title}>
        {page.sections.map((section) => {
          const id = `auth-section-${section.fields[0]?.key ?? section.title}`;
          return (
            <section key={section.title} className={css.card} aria-labelledby={id}>
              <h2 className={css.cardTitle} id={id}>
                {section.title}
              </h2>
              {section.description && <p className={css.cardText}>{section.description}</p>}
              {section.fields.map((field) => (
                <FieldInput
                  key={field.key}
                  field={field}
                  value={values[field.key] ?? ''}
                  error={errorOf(field.key)}
                  disabled={!canChange || save.running}
                  onChange={(value) => set(field.key, value)}
                />
              ))}
              {section.note && <p className={css.note}>{section.note}</p>}
            </section>
          );
        })}
        {/* The platform's 4xx message, kept until the next save; the form keeps what was typed. */}
        {save.error && (
          <p className={css.alert} role="alert">
            {save.error}
          </p>
        )}
        {canChange && (
          <div className={css.footer}>
            {dirty && (
              <Button onPress={() => { setValues(initial); setSubmitted(false); }} isDisabled={save.running}>
                Cancel
              </Button>
            )}
            <Button type="submit" variant="primary" isPending={save.running} isDisabled={!dirty}>
              Save changes
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}

interface FieldInputProps {
  field: AuthSettingField;
  value: string | boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

function FieldInput({ field, value, error, disabled, onChange }: FieldInputProps) {
  if (field.kind === 'switch') {
    return (
      <div className={css.switchField}>
        <Switch isSelected={value === true} onChange={onChange} isDisabled={disabled}>
          {field.label}
        </Switch>
        {field.description && <p className={css.fieldHint}>{field.description}</p>}
      </div>
    );
  }
  const common = {
    label: field.label,
    description: field.description,
    value: String(value),
    onChange,
    isDisabled: disabled,
    isInvalid: error !== undefined,
    errorMessage: error,
  };
  if (field.kind === 'number') {
    return (
      <div className={css.numberRow}>
        <TextField {...common} inputMode="numeric" />
        {field.unit && <span className={css.unit}>{field.unit}</span>}
      </div>
    );
  }
  if (field.kind === 'urlList') return <TextField {...common} multiline rows={5} monospace placeholder="https://example.com/**" />;
  if (field.kind === 'url') return <TextField {...common} type="url" monospace placeholder="https://example.com" />;
  if (field.multiline) return <TextField {...common} multiline rows={6} monospace />;
  if (field.secret) return <TextField {...common} type="password" autoComplete="new-password" />;
  return <TextField {...common} monospace {...(field.placeholder ? { placeholder: field.placeholder } : {})} />;
}

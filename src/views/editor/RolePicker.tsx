// The role picker of spec B2.7: act as the member (the project's own role), a postgrest role (anon,
// authenticated with a chosen user, service_role), or a postgres role resolved through a custom access-token hook.
// Used by the SQL editor and the table editor; the choice lives in the project's impersonation actor. The user is
// picked from the project's own auth users (UserSearchField), or its id typed by hand.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectImpersonation, selectImpersonationLabel, selectRecentSearches } from '../../../machines/role-impersonation.selectors.ts';
import type { ImpersonatedUser, ImpersonationChoice } from '../../domain/impersonation.ts';
import { Button } from '../../ui/Button.tsx';
import { UserIcon } from '../../ui/Icon.tsx';
import { PopoverDialog, PopoverTrigger } from '../../ui/Popover.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useImpersonation } from './ImpersonationContext.tsx';
import * as css from './Picker.css.ts';
import { UserSearchField } from './UserSearchField.tsx';

type Kind = 'none' | 'anon' | 'authenticated' | 'service_role' | 'hook';

const OPTIONS: Array<{ kind: Kind; label: string; hint: string }> = [
  { kind: 'none', label: 'postgres', hint: 'Your own access: the project owner role, RLS bypassed for owned tables' },
  { kind: 'anon', label: 'anon', hint: 'A visitor who is not signed in' },
  { kind: 'authenticated', label: 'authenticated', hint: 'A signed-in user: their id becomes the claims’ sub' },
  { kind: 'service_role', label: 'service_role', hint: 'The server key' },
  { kind: 'hook', label: 'Custom access-token hook', hint: 'Claims returned by {schema}.{function}(event) replace the originals' },
];

const kindOf = (choice: ImpersonationChoice): Kind =>
  choice.type === 'none' ? 'none' : choice.type === 'postgres' ? 'hook' : choice.role;

const userOf = (choice: ImpersonationChoice): ImpersonatedUser | null => (choice.type === 'none' ? null : (choice.user ?? null));
/** The field's text for a user: its email, else its id (as the list's options read, projectUserLabel). */
const userText = (user: ImpersonatedUser | null): string => (user ? (user.email ?? user.id) : '');

export function RolePicker() {
  const actor = useImpersonation();
  const choice = useSelector(actor, selectImpersonation);
  const label = useSelector(actor, selectImpersonationLabel);
  const recent = useSelector(actor, selectRecentSearches);
  const [kind, setKind] = useState<Kind>(kindOf(choice));
  // The user picked from the list (the current one when reopened), or null while the text is typed by hand.
  const [chosen, setChosen] = useState<ImpersonatedUser | null>(userOf(choice));
  const [user, setUser] = useState(userText(userOf(choice)));
  const [role, setRole] = useState(choice.type === 'postgres' ? choice.role : 'authenticated');
  const [schema, setSchema] = useState(choice.type === 'postgres' ? choice.schema : 'public');
  const [fn, setFn] = useState(choice.type === 'postgres' ? choice.functionName : 'custom_access_token_hook');

  const needsUser = kind === 'authenticated' || kind === 'hook';
  const userMissing = kind === 'authenticated' && chosen === null && user.trim() === '';
  const hookMissing = kind === 'hook' && (schema.trim() === '' || fn.trim() === '' || role.trim() === '');

  const apply = (close: () => void) => {
    const who = user.trim();
    // A user picked from the list is its id and email. Typed text that picked nothing is used as it is: an id, or an
    // entry with an @ as an email (its id unknown): the sub is then the email itself.
    const picked = chosen ?? (who === '' ? undefined : who.includes('@') ? { id: who, email: who } : { id: who });
    if (who !== '') actor.send({ type: 'impersonation.searched', search: who });
    if (kind === 'none') actor.send({ type: 'impersonation.clear' });
    else if (kind === 'hook') {
      actor.send({ type: 'impersonation.postgres', role: role.trim(), schema: schema.trim(), functionName: fn.trim(), ...(picked ? { user: picked } : {}) });
    } else actor.send({ type: 'impersonation.postgrest', role: kind, ...(kind === 'authenticated' && picked ? { user: picked } : {}) });
    close();
  };

  return (
    <PopoverTrigger>
      <Button size="small" variant="outline" icon={<UserIcon size={14} />} className={css.trigger} aria-label={`Role: ${label ?? 'postgres'}`}>
        {label ? `Role ${label}` : 'Role postgres'}
      </Button>
      <PopoverDialog aria-label="Choose a role to preview data as" placement="bottom end">
        {({ close }) => (
          <div className={css.panel}>
            <h3 className={css.heading}>Preview data as a role</h3>
            <div className={css.options} role="radiogroup" aria-label="Role">
              {OPTIONS.map((option) => (
                <label key={option.kind} className={css.option}>
                  <input type="radio" name="impersonation-role" checked={kind === option.kind} onChange={() => setKind(option.kind)} />
                  <span className={css.optionText}>
                    <span>{option.label}</span>
                    <span className={css.optionHint}>{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {kind === 'hook' ? (
              <>
                <TextField label="Schema" value={schema} onChange={setSchema} monospace />
                <TextField label="Function name" value={fn} onChange={setFn} monospace />
                <TextField label="Role before the hook" value={role} onChange={setRole} monospace description="Used when the hook's claims name no role" />
              </>
            ) : null}
            {needsUser ? (
              <UserSearchField
                text={user}
                chosenId={chosen?.id ?? null}
                recent={recent}
                required={kind === 'authenticated'}
                onTextChange={(text) => {
                  setUser(text);
                  // Editing the text lets go of the picked user (the list re-sends its label when picked again).
                  setChosen((current) => (current && userText(current) === text ? current : null));
                }}
                onChoose={(found) => {
                  const picked = { id: found.id, ...(found.email ? { email: found.email } : {}) };
                  setChosen(picked);
                  setUser(userText(picked));
                }}
              />
            ) : null}
            <div className={css.actions}>
              <Button size="small" variant="ghost" onPress={close}>
                Cancel
              </Button>
              <Button size="small" variant="primary" isDisabled={userMissing || hookMissing} onPress={() => apply(close)}>
                Apply
              </Button>
            </div>
          </div>
        )}
      </PopoverDialog>
    </PopoverTrigger>
  );
}

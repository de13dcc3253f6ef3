// The role picker's 'User' field (spec B2.7, issue 14): a combobox listing the project's auth users that match what
// is typed (searched once typing pauses, machines/project-user-search.machine.ts), with the previous searches as
// chips below. Picking a user hands it to the picker; typed text that picks nothing stays the picker's to use as it is
// (an id entered by hand). Mounted while the picker's panel is open, so the search runs only then.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectFoundUsers,
  selectUserSearchBusy,
  selectUserSearchEmptyText,
  selectUserSearchError,
} from '../../../machines/project-user-search.selectors.ts';
import { projectUserSearchWith } from '../../actors/project-users-search.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import { projectUserLabel, shortUserId, type ProjectUser } from '../../domain/project-users.ts';
import { Button } from '../../ui/Button.tsx';
import { ComboBox, ComboBoxItem } from '../../ui/ComboBox.tsx';
import { useProjectUserSearch } from './ImpersonationContext.tsx';
import * as css from './Picker.css.ts';

export interface UserSearchFieldProps {
  /** The field's text (the picker keeps it between openings). */
  text: string;
  /** The id of the user picked from the list, if any. */
  chosenId: string | null;
  /** Previous searches of the project, newest first. */
  recent: readonly string[];
  /** Shows 'Choose a user to act as' while nothing is picked or typed. */
  required: boolean;
  onTextChange: (text: string) => void;
  onChoose: (user: ProjectUser) => void;
}

export function UserSearchField({ text, chosenId, recent, required, onTextChange, onChoose }: UserSearchFieldProps) {
  const search = useProjectUserSearch();
  // useActorRef keeps the first logic it is given: the search of this project, for the panel's lifetime.
  const [logic] = useState(() => projectUserSearchWith(search));
  const actor = useActorRef(logic, { input: { text }, inspect: devInspect });
  const users = useSelector(actor, selectFoundUsers);
  const busy = useSelector(actor, selectUserSearchBusy);
  const error = useSelector(actor, selectUserSearchError);
  const emptyText = useSelector(actor, selectUserSearchEmptyText);

  const type = (value: string) => {
    onTextChange(value);
    actor.send({ type: 'search.typed', text: value });
  };
  const missing = required && chosenId === null && text.trim() === '';

  return (
    <>
      <ComboBox<ProjectUser>
        label="User"
        placeholder="Email or user ID"
        description={busy ? 'Searching users…' : 'Search by email, or enter a user ID'}
        items={users}
        inputValue={text}
        onInputChange={type}
        // Both the text and the choice are the picker's (react-aria leaves the text alone when both are given).
        selectedKey={chosenId}
        onSelectionChange={(key) => {
          const user = users.find((candidate) => candidate.id === key);
          if (user) onChoose(user);
        }}
        allowsCustomValue
        allowsEmptyCollection
        menuTrigger="focus"
        isInvalid={missing}
        errorMessage={missing ? 'Choose a user to act as' : undefined}
        emptyText={busy ? 'Searching users…' : error ? 'The users could not be searched' : (emptyText ?? '')}
      >
        {(user) => (
          <ComboBoxItem id={user.id} textValue={projectUserLabel(user)}>
            <span className={css.userLine}>
              <span className={css.userEmail}>{user.email ?? user.phone ?? 'No email'}</span>
              <span className={css.userId} title={user.id}>{shortUserId(user.id)}</span>
            </span>
          </ComboBoxItem>
        )}
      </ComboBox>
      {error ? (
        <p className={css.searchError} role="alert">
          {`The users could not be searched: ${error}`}
          <Button size="small" variant="ghost" onPress={() => actor.send({ type: 'search.retry' })}>
            Retry
          </Button>
        </p>
      ) : null}
      {recent.length > 0 ? (
        <div className={css.chips} aria-label="Previous searches">
          {recent.map((entry) => (
            <button key={entry} type="button" className={css.chip} onClick={() => type(entry)}>
              {entry}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The impersonation actor (spec B2.7) lives as long as its owner (issue 15): the project layout's editor state, or an
// explicit ImpersonationProvider. Once the owner unmounts the actor is stopped, not left running.
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImpersonationProvider, useImpersonation, type ImpersonationActor } from './ImpersonationContext.tsx';
import { ProjectEditorStateProvider } from './ProjectEditorState.tsx';

function Reader({ seen }: { seen: ImpersonationActor[] }) {
  seen.push(useImpersonation());
  return null;
}
const afterTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether the actor still handles events: a running one takes the choice, a stopped one ignores it. */
function handlesEvents(actor: ImpersonationActor): boolean {
  actor.send({ type: 'impersonation.postgrest', role: 'anon' });
  const handled = actor.getSnapshot().context.choice.type === 'postgrest';
  actor.send({ type: 'impersonation.clear' });
  return handled;
}

describe('the impersonation actor (spec B2.7)', () => {
  it('of an ImpersonationProvider runs while mounted and is stopped with it', async () => {
    const seen: ImpersonationActor[] = [];
    const view = render(
      <StrictMode>
        <ImpersonationProvider projectRef="abc">
          <Reader seen={seen} />
        </ImpersonationProvider>
      </StrictMode>,
    );
    await afterTask();
    const actor = seen[seen.length - 1]!;
    expect(handlesEvents(actor)).toBe(true);
    view.unmount();
    await afterTask();
    expect(handlesEvents(actor)).toBe(false);
  });

  it('held by the project layout stays across editor pages and is stopped when the layout goes', async () => {
    const seen: ImpersonationActor[] = [];
    const view = render(
      <StrictMode>
        <ProjectEditorStateProvider projectRef="abc">
          <Reader seen={seen} />
        </ProjectEditorStateProvider>
      </StrictMode>,
    );
    view.rerender(
      <StrictMode>
        <ProjectEditorStateProvider projectRef="abc">
          <Reader key="sql-editor" seen={seen} />
        </ProjectEditorStateProvider>
      </StrictMode>,
    );
    await afterTask();
    expect(new Set(seen).size).toBe(1);
    const actor = seen[0]!;
    expect(handlesEvents(actor)).toBe(true);
    view.unmount();
    await afterTask();
    expect(handlesEvents(actor)).toBe(false);
  });
});

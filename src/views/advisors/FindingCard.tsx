// One advisor finding (issue 19): a button that expands it, then its description, the affected object, the SQL that
// fixes it, and its actions: Run fix (the SQL shown before it runs), Open in SQL editor, Dismiss / Restore.
import { useState } from 'react';
import type { AdvisorLint } from '../../domain/advisors.ts';
import { ADVISOR_TEXT } from '../../domain/advisors.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import * as css from './Advisors.css.ts';

const LEVEL_BADGE = { ERROR: 'destructive', WARN: 'warning', INFO: 'default' } as const;

export interface FindingActions {
  canWrite: boolean;
  onRunFix: (lint: AdvisorLint) => void;
  onOpenInEditor: (lint: AdvisorLint) => void;
  onDismiss: (lint: AdvisorLint, dismiss: boolean) => void;
  busy: boolean;
}

export function FindingCard({ lint, actions }: { lint: AdvisorLint; actions: FindingActions }) {
  const [open, setOpen] = useState(false);
  const bodyId = `finding-${lint.cache_key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return (
    <li className={css.card} data-lint={lint.name} data-object={lint.object_key}>
      <button type="button" className={css.summary} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
        <Badge variant={LEVEL_BADGE[lint.level]}>{lint.level}</Badge>
        <span className={css.summaryTitle}>{lint.title}</span>
        <span className={css.object}>{lint.metadata.schema === lint.metadata.name ? lint.metadata.name : `${lint.metadata.schema}.${lint.metadata.name}`}</span>
        <span className={css.spacer} />
        {lint.dismissed ? <Badge variant="outline">Dismissed</Badge> : null}
      </button>
      {open ? (
        <div className={css.body} id={bodyId}>
          <p className={css.text}>{lint.description}</p>
          <p className={css.text}>{lint.detail}</p>
          <p className={css.muted}>
            Entity: {lint.metadata.type} <code>{lint.object_key}</code>
          </p>
          <p className={css.label}>Resolution</p>
          <pre className={css.sql} aria-label={`SQL that fixes ${lint.title}`}>{lint.remediation}</pre>
          <div className={css.actions}>
            {actions.canWrite ? (
              <Button variant="primary" size="tiny" isDisabled={actions.busy} onPress={() => actions.onRunFix(lint)}>
                {ADVISOR_TEXT.runFix}
              </Button>
            ) : null}
            <Button variant="default" size="tiny" isDisabled={actions.busy} onPress={() => actions.onOpenInEditor(lint)}>
              {ADVISOR_TEXT.openInEditor}
            </Button>
            {actions.canWrite ? (
              <Button variant="default" size="tiny" isDisabled={actions.busy} onPress={() => actions.onDismiss(lint, !lint.dismissed)}>
                {lint.dismissed ? ADVISOR_TEXT.undismiss : ADVISOR_TEXT.dismiss}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

// The AI assistant (issue 21, spec A2.3): a chat named 'Support' with suggested prompts, answered through the
// platform's proxy (server/assistant/routes.ts) by the OpenAI-compatible endpoint the operator configured; it reads
// the current project's schema there. Unconfigured, it says how to configure it. Loaded when first opened.
import { useEffect, useRef, useState } from 'react';
import { assistantChatTask, assistantStatusRead } from '../../../actors/help.ts';
import {
  ASSISTANT_CHAT_NAME,
  ASSISTANT_MAX_MESSAGE_CHARS,
  ASSISTANT_NOT_CONFIGURED,
  ASSISTANT_SUGGESTED_PROMPTS,
  type AssistantMessage,
} from '../../../domain/assistant.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { PlainButton } from '../../../ui/PlainButton.tsx';
import { useTask, useTaskRead } from '../../shared/useTask.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import * as css from './HelpPanels.css.ts';

export function AssistantPanel({ projectRef, onClose }: { projectRef?: string; onClose: () => void }) {
  const status = useTaskRead(assistantStatusRead, undefined, 'status');
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [draft, setDraft] = useState('');
  const chat = useTask(assistantChatTask, {
    onDone: (answer) => setMessages((list) => [...list, answer]),
  });
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, [status.data]);
  // Keeps the newest message in view. Braces: Chromium's scrollIntoView now returns a promise, which React would take
  // for the effect's cleanup ('is not a function' when the effect re-runs).
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [messages.length, chat.running]);

  const ask = (text: string) => {
    const content = text.trim();
    if (!content || chat.running) return;
    const next = [...messages, { role: 'user' as const, content }];
    setMessages(next);
    setDraft('');
    chat.reset();
    chat.run({ ...(projectRef ? { ref: projectRef } : {}), messages: next });
  };

  return (
    <section
      className={css.panel}
      role="dialog"
      aria-label={`${ASSISTANT_CHAT_NAME} assistant`}
      data-testid="assistant-panel"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className={css.head}>
        <h2 className={css.heading}>{ASSISTANT_CHAT_NAME}</h2>
        <PlainButton variant="ghost" size="tiny" icon={<Icon name="close" size={14} />} onPress={onClose} testId="assistant-close">
          <span className={visuallyHidden}>Close assistant</span>
        </PlainButton>
      </div>
      {status.loading ? (
        <p className={css.muted}>Checking the assistant…</p>
      ) : status.error ? (
        <p className={css.error} role="alert">
          {status.error} <button type="button" onClick={status.retry}>Retry</button>
        </p>
      ) : !status.data?.configured ? (
        <p className={css.muted} data-testid="assistant-unconfigured">
          {ASSISTANT_NOT_CONFIGURED}
        </p>
      ) : (
        <>
          <p className={css.muted}>
            Answers come from {status.data.model}
            {projectRef ? ', which can read this project’s tables and columns.' : '.'}
          </p>
          {messages.length === 0 && (
            <div className={css.prompts} aria-label="Suggested prompts" role="group">
              {ASSISTANT_SUGGESTED_PROMPTS.map((prompt) => (
                <PlainButton key={prompt} variant="outline" size="tiny" onPress={() => ask(prompt)}>
                  {prompt}
                </PlainButton>
              ))}
            </div>
          )}
          <ol className={css.messages} ref={list} aria-live="polite" aria-label="Conversation">
            {messages.map((m, i) => (
              <li key={i} className={[css.message, m.role === 'user' ? css.mine : ''].join(' ')} data-role={m.role}>
                <strong>{m.role === 'user' ? 'You' : 'Assistant'}: </strong>
                {m.content}
              </li>
            ))}
            {chat.running && <li className={css.muted}>Thinking…</li>}
          </ol>
          {chat.error && (
            <p className={css.error} role="alert">
              {chat.error}
            </p>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              ask(draft);
            }}
          >
            <label className={css.label} htmlFor="assistant-input">
              Ask the assistant
            </label>
            <textarea
              id="assistant-input"
              ref={input}
              className={css.textarea}
              value={draft}
              maxLength={ASSISTANT_MAX_MESSAGE_CHARS}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  ask(draft);
                }
              }}
            />
            <div className={css.row}>
              <PlainButton type="submit" variant="primary" size="tiny" isPending={chat.running} isDisabled={!draft.trim()}>
                Send
              </PlainButton>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

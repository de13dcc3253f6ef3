// The feedback widget (issue 21; spec A1 "text plus screenshot"): the user's text and, if they want, a screenshot
// (a frame of a screen share they allow, or an attached image: capture.ts says why), stored by the platform for its
// admins. Loaded when first opened.
import { useEffect, useRef, useState } from 'react';
import { feedbackSendTask } from '../../../actors/help.ts';
import { FEEDBACK_MAX_CHARS } from '../../../domain/feedback.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { PlainButton } from '../../../ui/PlainButton.tsx';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { useTask } from '../../shared/useTask.ts';
import { canCaptureScreen, captureScreen, readImageFile } from './capture.ts';
import * as css from './HelpPanels.css.ts';

export function FeedbackPanel({ projectRef, orgSlug, pathname, onClose }: { projectRef?: string; orgSlug?: string; pathname: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useTask(feedbackSendTask, {
    onDone: (message) => {
      setSent(message);
      setText('');
      setImage(null);
    },
  });
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  const take = (promise: Promise<string>) => {
    setProblem(null);
    promise.then(setImage, (error: Error) => setProblem(error.name === 'NotAllowedError' ? 'Screen capture was not allowed' : error.message));
  };

  return (
    <section className={css.panel} role="dialog" aria-label="Feedback" data-testid="feedback-panel" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className={css.head}>
        <h2 className={css.heading}>Feedback</h2>
        <PlainButton variant="ghost" size="tiny" icon={<Icon name="close" size={14} />} onPress={onClose}>
          <span className={visuallyHidden}>Close feedback</span>
        </PlainButton>
      </div>
      {sent ? (
        <p className={css.muted} role="status" data-testid="feedback-sent">
          {sent}
        </p>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return setProblem('Write your feedback first');
          setSent(null);
          send.reset();
          send.run({ message: text, pathname, ...(projectRef ? { projectRef } : {}), ...(orgSlug ? { orgSlug } : {}), screenshot: image });
        }}
      >
        <label className={css.label} htmlFor="feedback-text">
          Your feedback
        </label>
        <textarea
          id="feedback-text"
          ref={input}
          className={css.textarea}
          value={text}
          maxLength={FEEDBACK_MAX_CHARS}
          placeholder="Ideas on how to improve this page"
          onChange={(event) => setText(event.target.value)}
        />
        <p className={css.muted}>
          A screenshot helps: share this tab for one frame, or attach an image (PNG, JPEG or WebP, up to 2 MB).
        </p>
        <div className={css.row}>
          {canCaptureScreen() && (
            <PlainButton variant="outline" size="tiny" onPress={() => take(captureScreen())}>
              Capture screen
            </PlainButton>
          )}
          <label className={css.label}>
            Attach image{' '}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="feedback-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) take(readImageFile(file));
                event.target.value = '';
              }}
            />
          </label>
        </div>
        {image && (
          <div className={css.row}>
            <img src={image} alt="Screenshot to send" className={css.preview} />
            <PlainButton variant="ghost" size="tiny" onPress={() => setImage(null)}>
              Remove screenshot
            </PlainButton>
          </div>
        )}
        {(problem ?? send.error) && (
          <p className={css.error} role="alert">
            {problem ?? send.error}
          </p>
        )}
        <div className={css.row}>
          <PlainButton type="submit" variant="primary" size="tiny" isPending={send.running} testId="feedback-send">
            Send feedback
          </PlainButton>
        </div>
      </form>
    </section>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_ASSISTANT_EVENT, OPEN_FEEDBACK_EVENT } from './events.ts';

// The panels' code loads on first use: the shell carries only these listeners (issue 15: first-load JavaScript).
const AssistantPanel = lazy(() => import('./AssistantPanel.tsx').then((m) => ({ default: m.AssistantPanel })));
const FeedbackPanel = lazy(() => import('./FeedbackPanel.tsx').then((m) => ({ default: m.FeedbackPanel })));

type Open = 'assistant' | 'feedback' | null;

/** The assistant and feedback panels of the header (issue 21, spec A2.3), one at a time, opened by events.ts. */
export function HelpPanelsHost({ projectRef, orgSlug, pathname }: { projectRef?: string; orgSlug?: string; pathname: string }) {
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    const assistant = () => setOpen((was) => (was === 'assistant' ? null : 'assistant'));
    const feedback = () => setOpen((was) => (was === 'feedback' ? null : 'feedback'));
    window.addEventListener(OPEN_ASSISTANT_EVENT, assistant);
    window.addEventListener(OPEN_FEEDBACK_EVENT, feedback);
    return () => {
      window.removeEventListener(OPEN_ASSISTANT_EVENT, assistant);
      window.removeEventListener(OPEN_FEEDBACK_EVENT, feedback);
    };
  }, []);
  if (!open) return null;
  const close = () => setOpen(null);
  const scope = { ...(projectRef ? { projectRef } : {}), ...(orgSlug ? { orgSlug } : {}) };
  return (
    <Suspense fallback={null}>
      {open === 'assistant' ? <AssistantPanel key={projectRef ?? ''} {...(projectRef ? { projectRef } : {})} onClose={close} /> : <FeedbackPanel {...scope} pathname={pathname} onClose={close} />}
    </Suspense>
  );
}

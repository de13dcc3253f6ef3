import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text with the async Clipboard API and reports `copied` for `feedbackMs`
 * (spec A9: 1 s for parameters and timestamps, 2 s for 'Copied' buttons and keys).
 */
export function useCopyToClipboard(feedbackMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        // No clipboard (insecure context, denied permission): no 'Copied' feedback.
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), feedbackMs);
      return true;
    },
    [feedbackMs],
  );

  return { copied, copy };
}

import { COPY_BUTTON_FEEDBACK_MS } from '../domain/format.ts';
import { Button, type ButtonProps } from './Button.tsx';
import { CheckIcon, CopyIcon } from './Icon.tsx';
import { useCopyToClipboard } from './useCopyToClipboard.ts';

export interface CopyButtonProps extends Omit<ButtonProps, 'onPress' | 'children' | 'icon'> {
  /** The text to copy, or a function producing it when pressed. */
  text: string | (() => string | Promise<string>);
  label?: string;
  copiedLabel?: string;
  /** Icon-only button; the label becomes its accessible name. */
  iconOnly?: boolean;
  /** spec A9: 2 s for 'Copied' buttons and keys. */
  feedbackMs?: number;
  /** Called after a successful copy (e.g. telemetry 'connection_string_copied'). */
  onCopy?: () => void;
}

/** Copies text to the clipboard and shows 'Copied' for 2 s. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  iconOnly,
  feedbackMs = COPY_BUTTON_FEEDBACK_MS,
  onCopy,
  ...props
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard(feedbackMs);
  const current = copied ? copiedLabel : label;
  return (
    <Button
      {...props}
      aria-label={iconOnly ? current : props['aria-label']}
      icon={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      onPress={async () => {
        const value = typeof text === 'function' ? await text() : text;
        if (await copy(value)) onCopy?.();
      }}
    >
      {iconOnly ? undefined : current}
    </Button>
  );
}

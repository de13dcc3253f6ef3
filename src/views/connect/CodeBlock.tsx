// A snippet with its file name and a copy button ('Copied' for 2 s, spec C§9).
import { CopyButton } from '../../ui/CopyButton.tsx';
import * as css from './Connect.css.ts';

export function CodeBlock({ label, code, onCopy }: { label?: string; code: string; onCopy?: () => void }) {
  return (
    <div className={css.codeBlock}>
      <div className={css.codeLabel}>
        <span>{label ?? ''}</span>
        <CopyButton text={code} size="tiny" variant="ghost" iconOnly label={label ? `Copy ${label}` : 'Copy'} onCopy={onCopy} />
      </div>
      <pre className={css.code} tabIndex={0} aria-label={label ?? 'Snippet'}>
        {code}
      </pre>
    </div>
  );
}

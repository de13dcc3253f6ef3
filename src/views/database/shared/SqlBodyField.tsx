// The lazy wrapper of SqlBodyEditor: a plain text area shows while CodeMirror loads.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectResolvedTheme } from '../../../../machines/theme.selectors.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { useAppContext } from '../../shared/useAppContext.ts';
import * as css from './Database.css.ts';

const SqlBodyEditor = lazy(() => import('./SqlBodyEditor.tsx'));

export function SqlBodyField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const theme = useSelector(useAppContext().theme, selectResolvedTheme);
  return (
    <div>
      <span className={css.label} aria-hidden="true">{label}</span>
      <div className={css.editor}>
        <Suspense fallback={<TextField aria-label={label} multiline rows={8} monospace value={value} onChange={onChange} />}>
          <SqlBodyEditor label={label} value={value} onChange={onChange} theme={theme} />
        </Suspense>
      </div>
    </div>
  );
}

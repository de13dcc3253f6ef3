// The SQL confirmation dialog's look (src/views/shared/SqlDialog.tsx): the form column, the SQL block, the hint and
// Postgres's error.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { codeBlock } from '../../ui/CodeBlock.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
export const sql = style([codeBlock, { maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }]);
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });

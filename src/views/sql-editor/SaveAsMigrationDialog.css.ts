import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { codeBlock } from '../../ui/CodeBlock.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: 12 });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
export const error = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });
export const sql = style([codeBlock, { maxHeight: 300, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }]);

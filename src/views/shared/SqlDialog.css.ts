// The SQL confirmation dialog's look (src/views/shared/SqlDialog.tsx): the form column, the SQL block, the hint and
// Postgres's error.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
export const sql = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 10,
  margin: 0,
  maxHeight: 260,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });

// The console's list table (the Database pages, branches, read replicas): a bordered, scrollable frame, muted header
// cells on the surface colour, rows divided by the border colour. Pages compose their own cell alignment onto `td`.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: vars.color.foreground });
export const th = style({
  textAlign: 'left',
  fontWeight: 500,
  color: vars.color.muted,
  padding: '8px 14px',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const td = style({ padding: '8px 14px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });

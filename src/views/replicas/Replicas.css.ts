import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 });
export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 16, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '4px 0 0', maxWidth: 640 });
export const note = style({
  margin: 0,
  padding: '8px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  fontSize: 13,
  color: vars.color.foreground,
  background: vars.color.surface,
});
export const error = style({ margin: 0, fontSize: 13, color: vars.color.foreground, fontWeight: 500 });
export const search = style({ minWidth: 240, maxWidth: 420 });
export { table, tableWrap, td, th } from '../../ui/ListTable.css.ts';
export const name = style({ display: 'block', fontWeight: 500 });
export const muted = style({ display: 'block', color: vars.color.muted, fontSize: 12 });

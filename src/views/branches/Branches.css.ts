import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { td as listTd } from '../../ui/ListTable.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0, maxWidth: 1100 });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '4px 0 0' });
export const search = style({ minWidth: 240, maxWidth: 420 });
export { table, tableWrap, th } from '../../ui/ListTable.css.ts';
/** Cells centred vertically (the rows carry badges and buttons). */
export const td = style([listTd, { verticalAlign: 'middle' }]);
export const name = style({ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 500 });
export const muted = style({ color: vars.color.muted, fontSize: 13 });
export const actions = style({ display: 'flex', gap: 6, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const hint = style({ color: vars.color.muted, fontSize: 12, margin: 0 });
export const estimate = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '4px 16px',
  margin: 0,
  padding: '10px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  fontSize: 13,
  color: vars.color.foreground,
});
export const estimateLabel = style({ color: vars.color.muted });
export const notice = style({
  margin: 0,
  padding: '10px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  fontSize: 13,
  color: vars.color.foreground,
  background: vars.color.surface,
});
export const sectionTitle = style({ fontSize: 15, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const migration = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: '10px 14px', display: 'flex', flexDirection: 'column', gap: 8 });
export const migrationTitle = style({ fontSize: 14, fontWeight: 500, margin: 0, color: vars.color.foreground, display: 'flex', gap: 8, alignItems: 'baseline' });
export const sql = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  margin: 0,
  padding: '8px 10px',
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});

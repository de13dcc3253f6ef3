import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 });
export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' });
export const search = style({ minWidth: 260, flex: '1 1 260px', maxWidth: 420 });
export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: vars.color.foreground });
export const th = style({
  textAlign: 'left',
  fontWeight: 500,
  color: vars.color.muted,
  padding: '8px 12px',
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  background: vars.color.surface,
});
export const td = style({ padding: '6px 12px', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap', verticalAlign: 'middle' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: 12 });
export const muted = style({ color: vars.color.muted });
export const userButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.foreground,
  cursor: 'pointer',
  font: 'inherit',
  textDecoration: 'underline',
  textDecorationColor: vars.color.borderStrong,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const idCell = style({ display: 'inline-flex', alignItems: 'center', gap: 4 });
export const footer = style({ display: 'flex', alignItems: 'center', gap: 12, color: vars.color.muted, fontSize: 13 });
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 12 });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: 8 });
export const detail = style({ display: 'flex', flexDirection: 'column', gap: 16, padding: 16, fontSize: 13, color: vars.color.foreground, overflowY: 'auto' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 });
export const factLabel = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, wordBreak: 'break-all' });
export const sectionTitle = style({ fontSize: 14, fontWeight: 500, margin: 0 });
export const json = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 8,
  margin: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
});
export const list = style({ margin: 0, paddingLeft: 18, display: 'flex', flexDirection: 'column', gap: 4 });

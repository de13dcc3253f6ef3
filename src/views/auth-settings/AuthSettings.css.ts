import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 860, minWidth: 0 });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '6px 0 0' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  color: vars.color.foreground,
});
export const cardTitle = style({ fontSize: 15, fontWeight: 500, margin: 0 });
export const cardText = style({ fontSize: 13, color: vars.color.muted, margin: 0 });
export const note = style({
  fontSize: 13,
  color: vars.color.foreground,
  margin: 0,
  padding: '8px 12px',
  borderLeft: `3px solid ${vars.color.borderStrong}`,
  background: vars.color.background,
});
export const switchField = style({ display: 'flex', flexDirection: 'column', gap: 4 });
export const fieldHint = style({ fontSize: 12, color: vars.color.muted, margin: 0, paddingLeft: 38 });
export const numberRow = style({ display: 'flex', alignItems: 'flex-start', gap: 8, maxWidth: 420 });
export const unit = style({ fontSize: 13, color: vars.color.muted, paddingTop: 30, whiteSpace: 'nowrap' });
export const footer = style({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 8 });
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0 });
export const refused = style({ fontSize: 13, color: vars.color.foreground, margin: 0, padding: '8px 12px', border: `1px solid ${vars.color.border}`, borderRadius: 6 });
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
export const td = style({ padding: '6px 12px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: 12, whiteSpace: 'nowrap' });
export const json = style({ fontFamily: vars.font.mono, fontSize: 12, color: vars.color.muted, wordBreak: 'break-all' });
export const pager = style({ display: 'flex', alignItems: 'center', gap: 8, color: vars.color.muted, fontSize: 13 });
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 12 });
export const statValue = style({ fontSize: 28, fontWeight: 500, margin: 0, fontFamily: vars.font.mono });
export const chart = style({ display: 'flex', alignItems: 'flex-end', gap: 4, height: 140, padding: '8px 0' });
export const barColumn = style({ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, minWidth: 0, height: '100%', justifyContent: 'flex-end' });
export const bar = style({ width: '100%', background: vars.color.brand, borderRadius: '3px 3px 0 0', minHeight: 1 });
export const barLabel = style({ fontSize: 11, color: vars.color.muted, whiteSpace: 'nowrap' });

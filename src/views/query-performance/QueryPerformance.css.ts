import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 });
export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '4px 0 0' });
export const headerActions = style({ display: 'flex', gap: 8 });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' });
export const search = style({ minWidth: 240, flex: '1 1 240px', maxWidth: 420 });
export const order = style({ minWidth: 220 });
export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: vars.color.foreground });
export const th = style({ textAlign: 'left', fontWeight: 500, color: vars.color.muted, padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
export const thNumber = style([th, { textAlign: 'right' }]);
export const td = style({ padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const tdNumber = style([td, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
export const query = style({ fontFamily: vars.font.mono, fontSize: 12, maxWidth: 560, whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, maxHeight: 84, overflow: 'hidden' });
export const role = style({ color: vars.color.muted, fontSize: 12 });
export const notice = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: '12px 14px', fontSize: 13, color: vars.color.foreground, background: vars.color.surface, display: 'flex', flexDirection: 'column', gap: 6 });
export const noticeTitle = style({ fontSize: 14, fontWeight: 500, margin: 0 });
export const text = style({ margin: 0, lineHeight: 1.5 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 12 });
export const plan = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 10,
  margin: 0,
  whiteSpace: 'pre',
  overflowX: 'auto',
  maxHeight: 360,
});
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: 12 });

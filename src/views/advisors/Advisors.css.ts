import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { codeBlock } from '../../ui/CodeBlock.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0, maxWidth: 1100 });
export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '4px 0 0' });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 16, flexWrap: 'wrap' });
export const search = style({ minWidth: 240, flex: '1 1 240px', maxWidth: 420 });
export const counts = style({ display: 'flex', gap: 8, flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none', fontSize: 13, color: vars.color.foreground });
export const section = style({ display: 'flex', flexDirection: 'column', gap: 8 });
export const sectionTitle = style({ fontSize: 15, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const list = style({ display: 'flex', flexDirection: 'column', gap: 8, margin: 0, padding: 0, listStyle: 'none' });
export const card = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, overflow: 'hidden', background: vars.color.background });
export const summary = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '10px 14px',
  cursor: 'pointer',
  color: vars.color.foreground,
  fontSize: 13,
  selectors: { '&:hover': { background: vars.color.surface }, '&:focus-visible': { outline: `2px solid ${vars.color.brand}`, outlineOffset: -2 } },
});
export const summaryTitle = style({ fontWeight: 500 });
export const object = style({ fontFamily: vars.font.mono, fontSize: 12, color: vars.color.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const spacer = style({ flex: 1 });
export const body = style({ display: 'flex', flexDirection: 'column', gap: 10, padding: '12px 14px', borderTop: `1px solid ${vars.color.border}`, fontSize: 13, color: vars.color.foreground });
export const text = style({ margin: 0, lineHeight: 1.5 });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: 12 });
export const label = style({ fontSize: 12, color: vars.color.muted, margin: 0, fontWeight: 500 });
export const sql = style([codeBlock, { whiteSpace: 'pre-wrap', wordBreak: 'break-word' }]);
export const actions = style({ display: 'flex', gap: 8, flexWrap: 'wrap' });
export const alert = style({ color: vars.color.destructive, fontSize: 13, margin: 0, whiteSpace: 'pre-wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: 12 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: vars.color.foreground });
export const th = style({ textAlign: 'left', fontWeight: 500, color: vars.color.muted, padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
export const thNumber = style([th, { textAlign: 'right' }]);
export const td = style({ padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const tdNumber = style([td, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
export const queryCell = style({ fontFamily: vars.font.mono, fontSize: 12, maxWidth: 520, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 80, overflow: 'hidden', display: 'block' });
export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const notice = style({ border: `1px solid ${vars.color.border}`, borderRadius: 8, padding: '12px 14px', fontSize: 13, color: vars.color.foreground, background: vars.color.surface, display: 'flex', flexDirection: 'column', gap: 6 });

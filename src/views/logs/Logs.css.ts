import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ padding: '24px 32px', display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 });
export const title = style({ fontSize: 22, fontWeight: 500, margin: 0, color: vars.color.foreground });
export const subtitle = style({ fontSize: 13, color: vars.color.muted, margin: '6px 0 0' });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: 12, flexWrap: 'wrap' });
export const field = style({ minWidth: 140 });
export const search = style({ minWidth: 220, flex: '1 1 220px', maxWidth: 360 });
export const queryCard = style({ display: 'flex', flexDirection: 'column', gap: 8 });
export const queryActions = style({ display: 'flex', gap: 8, alignItems: 'center' });
export const refusal = style({ color: vars.color.destructive, fontSize: 13, margin: 0 });
export const split = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, selectors: { '&[data-detail="true"]': { gridTemplateColumns: 'minmax(0, 2fr) minmax(260px, 1fr)' } } });
export const tableWrap = style({ overflow: 'auto', maxHeight: 520, border: `1px solid ${vars.color.border}`, borderRadius: 8 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 12, color: vars.color.foreground });
export const th = style({
  textAlign: 'left',
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontWeight: 500,
  position: 'sticky',
  top: 0,
  background: vars.color.surface,
  whiteSpace: 'nowrap',
});
export const td = style({ padding: '6px 10px', borderBottom: `1px solid ${vars.color.border}`, fontFamily: vars.font.mono, whiteSpace: 'nowrap', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' });
export const row = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.surfaceHover }, '&[aria-selected="true"]': { background: vars.color.brandSubtle } } });
export const rowButton = style({ all: 'unset', cursor: 'pointer', selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } } });
export const level = style({ display: 'inline-block', width: 8, height: 8, borderRadius: 4, marginRight: 6 });
export const detail = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  background: vars.color.surface,
  padding: 12,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  minWidth: 0,
});
export const detailHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 });
export const detailTitle = style({ fontSize: 14, fontWeight: 500, margin: 0 });
export const pre = style({ fontFamily: vars.font.mono, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, color: vars.color.foreground });
export const count = style({ fontSize: 12, color: vars.color.muted, margin: 0 });

import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const bar = style({
  display: 'flex',
  alignItems: 'stretch',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minHeight: 36,
});
export const list = style({ display: 'flex', flex: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' });
export const tab = style({
  display: 'flex',
  alignItems: 'center',
  maxWidth: 220,
  flexShrink: 0,
  borderRight: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  position: 'relative',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&[data-current]': { background: vars.color.background, color: vars.color.foreground, boxShadow: `inset 0 2px 0 ${vars.color.brand}` },
    '&[data-drop-target]': { boxShadow: `inset 2px 0 0 ${vars.color.brand}` },
  },
});
export const tabButton = style({
  background: 'none',
  border: 'none',
  color: 'inherit',
  font: 'inherit',
  fontSize: 12,
  padding: '0 4px 0 12px',
  height: '100%',
  minWidth: 0,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    [`${tab}[data-preview] &`]: { fontStyle: 'italic' },
  },
});
export const label = style({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const close = style({
  background: 'none',
  border: 'none',
  color: 'inherit',
  width: 20,
  height: 20,
  marginRight: 6,
  borderRadius: 4,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  opacity: 0.6,
  selectors: { '&:hover': { opacity: 1, background: vars.color.surfaceHover } },
});
export const closeAll = style({ alignSelf: 'center', margin: '0 8px', flexShrink: 0 });

import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const rail = style({
  position: 'relative',
  width: 48,
  height: '100%',
  flexShrink: 0,
  zIndex: 20,
});

export const panel = style({
  position: 'absolute',
  inset: 0,
  right: 'auto',
  width: 48,
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  transition: 'width 120ms ease',
  overflowX: 'hidden',
  overflowY: 'auto',
  selectors: {
    '&[data-open="true"]': { width: 200, boxShadow: '4px 0 16px rgba(0,0,0,0.18)' },
    '&[data-pinned="true"]': { boxShadow: 'none' },
  },
});

export const pinnedRail = style({ width: 200 });

export const nav = style({ display: 'flex', flexDirection: 'column', padding: '8px 6px', gap: 2 });

export const separator = style({ height: 1, background: vars.color.border, margin: '6px 4px' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  height: 34,
  padding: '0 9px',
  borderRadius: 6,
  color: vars.color.muted,
  textDecoration: 'none',
  fontSize: 13,
  whiteSpace: 'nowrap',
  position: 'relative',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&[data-status="active"]': { background: vars.color.surfaceHover, color: vars.color.foreground },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}` },
    '&[aria-disabled="true"]': { opacity: 0.45, pointerEvents: 'none' },
  },
});

export const icon = style({ flexShrink: 0 });

export const dot = style({
  position: 'absolute',
  left: 22,
  top: 7,
  width: 7,
  height: 7,
  borderRadius: 999,
  selectors: {
    '&[data-dot="red"]': { background: vars.color.destructive },
    '&[data-dot="amber"]': { background: vars.color.warning },
  },
});

export const footer = style({ marginTop: 'auto', padding: '8px 6px', borderTop: `1px solid ${vars.color.border}` });

export const sheetRail = style({ width: '100%' });

export const buttonItem = style([
  item,
  { border: 0, background: 'transparent', width: '100%', cursor: 'pointer', font: 'inherit', textAlign: 'left' },
]);

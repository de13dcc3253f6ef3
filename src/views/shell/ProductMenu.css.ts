import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const menu = style({
  width: 240,
  height: '100%',
  flexShrink: 0,
  overflowY: 'auto',
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  padding: '12px 8px',
});
export const title = style({ fontSize: 15, fontWeight: 500, padding: '4px 8px 12px', margin: 0, color: vars.color.foreground });
export const group = style({ marginBottom: 16 });
export const groupTitle = style({ fontSize: 12, color: vars.color.muted, padding: '4px 8px', margin: 0, fontWeight: 400 });
export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  height: 28,
  padding: '0 8px',
  borderRadius: 6,
  fontSize: 13,
  color: vars.color.muted,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.foreground, background: vars.color.surfaceHover },
    '&[data-status="active"]': { color: vars.color.foreground, background: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});
export const label = style({
  fontSize: 10,
  padding: '0 5px',
  borderRadius: 4,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  letterSpacing: '0.03em',
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const header = style({
  height: 48,
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  padding: '0 12px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const logo = style({ display: 'flex', alignItems: 'center', marginRight: 8, color: vars.color.foreground, textDecoration: 'none', fontWeight: 600, gap: 8 });
export const slash = style({ color: vars.color.border, fontSize: 18, userSelect: 'none', margin: '0 2px' });
export const spacer = style({ flex: 1 });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  height: 30,
  padding: '0 8px',
  border: 0,
  borderRadius: 6,
  background: 'transparent',
  color: vars.color.foreground,
  fontSize: 13,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-pressed]': { background: vars.color.surfaceHover },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focus}` },
  },
});

export const iconButton = style([trigger, { width: 30, padding: 0, justifyContent: 'center', color: vars.color.muted }]);

export const badge = style({
  fontSize: 11,
  lineHeight: '16px',
  padding: '0 6px',
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
});

export const popover = style({
  minWidth: 240,
  maxWidth: 320,
  background: vars.color.overlay,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 8,
  boxShadow: '0 8px 24px rgba(0,0,0,0.3)',
  padding: 4,
  outline: 'none',
});

export const menu = style({ outline: 'none', display: 'flex', flexDirection: 'column', gap: 1 });

export const scrollingMenu = style({ maxHeight: 7 * 32, overflowY: 'auto' });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 30,
  padding: '4px 8px',
  borderRadius: 5,
  fontSize: 13,
  color: vars.color.foreground,
  cursor: 'pointer',
  outline: 'none',
  textDecoration: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceHover },
    '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
  },
});

export const menuHeading = style({ fontSize: 11, textTransform: 'uppercase', letterSpacing: '0.04em', color: vars.color.muted, padding: '6px 8px 2px' });
export const menuSeparator = style({ height: 1, background: vars.color.border, margin: '4px 0' });
export const menuEmpty = style({ padding: '8px', fontSize: 13, color: vars.color.muted });
export const hint = style({ padding: '6px 8px', fontSize: 12, color: vars.color.muted, lineHeight: 1.4 });
export const check = style({ marginLeft: 'auto', color: vars.color.brand });

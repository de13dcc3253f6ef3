import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const menu = style({ padding: vars.space.xs, outline: 'none', minWidth: '180px' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  minHeight: '30px',
  borderRadius: vars.radii.sm,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
  cursor: 'default',
  outline: 'none',
  textDecoration: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.surfaceHover },
    // Keyboard focus is a ring, not only the hover shade (about 1.1:1): 3:1 against the item (issue 24, WCAG 1.4.11).
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.5 },
    '&[data-selected]': { fontWeight: vars.fontWeight.medium },
  },
});

export const destructiveItem = style({ color: vars.color.destructive });

export const itemDescription = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.sm });

export const sectionHeader = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  color: vars.color.subtle,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} -${vars.space.xs}`,
  background: vars.color.border,
  border: 'none',
});

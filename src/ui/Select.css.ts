import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  textAlign: 'left',
  cursor: 'pointer',
});

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.subtle } },
});

export const chevron = style({ color: vars.color.muted, flexShrink: 0 });

export const listBox = style({ padding: vars.space.xs, outline: 'none' });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  minHeight: '30px',
  borderRadius: vars.radii.sm,
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.surfaceHover },
    // Keyboard focus is a ring, not only the hover shade (about 1.1:1): 3:1 against the item (issue 24, WCAG 1.4.11).
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.5 },
  },
});

export const check = style({ color: vars.color.brandText });

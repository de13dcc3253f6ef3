import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const group = style({ position: 'relative', display: 'flex', alignItems: 'center' });

// Room on the right for the button that opens the list.
export const input = style({ paddingRight: 30 });

export const button = style({
  position: 'absolute',
  right: 4,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  padding: 0,
  border: 'none',
  borderRadius: vars.radii.sm,
  background: 'none',
  color: vars.color.muted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

/** What the open list says when it has nothing to offer (loading, nothing found, a failure). */
export const empty = style({ padding: `${vars.space.xs} ${vars.space.sm}`, color: vars.color.muted, fontSize: vars.fontSize.sm });

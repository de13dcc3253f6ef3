import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.foreground,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: 'none' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '30px',
  height: '18px',
  borderRadius: vars.radii.full,
  background: vars.color.borderStrong,
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.brand },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const handle = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '14px',
  height: '14px',
  borderRadius: vars.radii.full,
  background: '#ffffff',
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${switchRoot}[data-selected] &`]: { transform: 'translateX(12px)' } },
});

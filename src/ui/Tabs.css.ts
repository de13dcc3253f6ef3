import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  selectors: { '&[data-orientation=vertical]': { flexDirection: 'row' } },
});

export const tabList = style({
  display: 'flex',
  gap: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-orientation=vertical]': {
      flexDirection: 'column',
      gap: vars.space.xxs,
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
});

export const tab = style({
  position: 'relative',
  padding: `${vars.space.sm} 0`,
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  transition: `color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { color: vars.color.foreground },
    '&[data-selected]': { color: vars.color.foreground },
    '&[data-selected]::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: '-1px',
      height: '2px',
      background: vars.color.foreground,
    },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px', borderRadius: vars.radii.sm },
  },
});

export const tabPanel = style({
  paddingTop: vars.space.lg,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

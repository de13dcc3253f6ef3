import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Read by screen readers, not shown (hints, live messages). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/**
 * The shell's 'Skip to main content' link (issue 24, WCAG 2.4.1): hidden until it has the keyboard focus, then shown
 * over the header's top-left corner.
 */
export const skipLink = style({
  position: 'fixed',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: 1000,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radii.md,
  background: vars.color.overlay,
  color: vars.color.foreground,
  fontSize: vars.fontSize.base,
  boxShadow: vars.shadow.popover,
  outline: `2px solid ${vars.color.focus}`,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

// A heading focused by script (the skip link, a page change) is where reading starts, not a control: no ring.
globalStyle('h1[tabindex="-1"]:focus, main[tabindex="-1"]:focus', { outline: 'none' });

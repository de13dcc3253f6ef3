import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const appear = keyframes({ from: { opacity: 0 } });

export const tooltip = style({
  maxWidth: '320px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.overlay,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  boxShadow: vars.shadow.popover,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  selectors: { '&[data-entering]': { animation: `${appear} ${vars.duration.fast} ease-out` } },
});

export const arrow = style({
  display: 'block',
  fill: vars.color.overlay,
  stroke: vars.color.border,
  selectors: {
    '[data-placement=bottom] &': { transform: 'rotate(180deg)' },
    '[data-placement=left] &': { transform: 'rotate(-90deg)' },
    '[data-placement=right] &': { transform: 'rotate(90deg)' },
  },
});

/** PlainHint: the wrapper its tooltip is placed against, and the tooltip below it (right-aligned: header controls). */
export const plainAnchor = style({ position: 'relative', display: 'inline-flex' });
export const plainBelow = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: 50,
  width: 'max-content',
  pointerEvents: 'none',
});

import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: vars.radii.full,
  border: `2px solid ${vars.color.borderStrong}`,
  borderTopColor: vars.color.foreground,
  animation: `${spin} 700ms linear infinite`,
});

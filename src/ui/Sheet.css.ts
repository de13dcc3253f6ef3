import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 } });
const fromBottom = keyframes({ from: { transform: 'translateY(100%)' } });
const fromLeft = keyframes({ from: { transform: 'translateX(-100%)' } });
const fromRight = keyframes({ from: { transform: 'translateX(100%)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  background: vars.color.scrim,
  selectors: { '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` } },
});

export const sheet = recipe({
  base: {
    position: 'fixed',
    display: 'flex',
    flexDirection: 'column',
    background: vars.color.overlay,
    color: vars.color.foreground,
    borderColor: vars.color.border,
    borderStyle: 'solid',
    borderWidth: 0,
    boxShadow: vars.shadow.modal,
    outline: 'none',
  },
  variants: {
    side: {
      bottom: {
        left: 0,
        right: 0,
        bottom: 0,
        maxHeight: '90dvh',
        borderTopWidth: '1px',
        borderRadius: `${vars.radii.lg} ${vars.radii.lg} 0 0`,
        selectors: { '&[data-entering]': { animation: `${fromBottom} ${vars.duration.normal} ease-out` } },
      },
      left: {
        top: 0,
        bottom: 0,
        left: 0,
        width: 'min(320px, 85vw)',
        borderRightWidth: '1px',
        selectors: { '&[data-entering]': { animation: `${fromLeft} ${vars.duration.normal} ease-out` } },
      },
      right: {
        top: 0,
        bottom: 0,
        right: 0,
        width: 'min(480px, 92vw)',
        borderLeftWidth: '1px',
        selectors: { '&[data-entering]': { animation: `${fromRight} ${vars.duration.normal} ease-out` } },
      },
    },
  },
  defaultVariants: { side: 'bottom' },
});

export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 });

export const handleArea = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${vars.space.sm} 0`,
  cursor: 'grab',
  touchAction: 'none',
  selectors: { '&:active': { cursor: 'grabbing' } },
});

export const handle = style({
  width: '36px',
  height: '4px',
  borderRadius: vars.radii.full,
  background: vars.color.borderStrong,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.lg} ${vars.space.sm}`,
});

export const title = style({ fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const body = style({ flex: 1, minHeight: 0, overflowY: 'auto', padding: `0 ${vars.space.lg} ${vars.space.lg}` });

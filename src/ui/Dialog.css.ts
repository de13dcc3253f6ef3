import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `10vh ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.scrim,
  overflowY: 'auto',
  selectors: { '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` } },
});

export const modal = recipe({
  base: {
    width: '100%',
    background: vars.color.overlay,
    color: vars.color.foreground,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radii.lg,
    boxShadow: vars.shadow.modal,
    outline: 'none',
    selectors: { '&[data-entering]': { animation: `${rise} ${vars.duration.normal} ease-out` } },
  },
  variants: {
    size: {
      small: { maxWidth: '400px' },
      medium: { maxWidth: '520px' },
      large: { maxWidth: '720px' },
      xlarge: { maxWidth: '960px' },
    },
  },
  defaultVariants: { size: 'medium' },
});

export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column', maxHeight: '80vh' });

export const header = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'start',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium, margin: 0 });

export const description = style({
  gridColumn: '1 / -1',
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
});

export const body = style({
  padding: vars.space.lg,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  fontSize: vars.fontSize.md,
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
});

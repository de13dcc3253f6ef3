import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

const slideIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' } });

export const region = style({
  position: 'fixed',
  bottom: vars.space.lg,
  right: vars.space.lg,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  width: 'min(380px, calc(100vw - 32px))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '4px' } },
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    padding: vars.space.md,
    background: vars.color.overlay,
    color: vars.color.foreground,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radii.md,
    boxShadow: vars.shadow.popover,
    fontSize: vars.fontSize.md,
    outline: 'none',
    animation: `${slideIn} ${vars.duration.normal} ease-out`,
    selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
  },
  variants: {
    kind: {
      success: {},
      info: {},
      error: { borderColor: vars.color.destructive },
    },
  },
});

export const icon = recipe({
  base: { flexShrink: 0, marginTop: '1px' },
  variants: {
    kind: {
      success: { color: vars.color.brand },
      info: { color: vars.color.muted },
      error: { color: vars.color.destructive },
    },
  },
});

export const content = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const message = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const description = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', gap: vars.space.xs, marginTop: vars.space.xs });

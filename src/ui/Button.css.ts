import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    flexShrink: 0,
    border: '1px solid transparent',
    borderRadius: vars.radii.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}, color ${vars.duration.fast}`,
    selectors: {
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        borderColor: vars.color.brand,
        selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.brandHover } },
      },
      default: {
        background: vars.color.surface,
        color: vars.color.foreground,
        borderColor: vars.color.borderStrong,
        selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.surfaceHover } },
      },
      outline: {
        background: 'transparent',
        color: vars.color.foreground,
        borderColor: vars.color.border,
        selectors: { '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.borderStrong } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.muted,
        selectors: {
          '&[data-hovered]:not([data-disabled])': { background: vars.color.surfaceHover, color: vars.color.foreground },
        },
      },
      danger: {
        background: vars.color.destructiveSolid,
        color: vars.color.onDestructive,
        borderColor: vars.color.destructiveSolid,
        selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.destructiveHover } },
      },
    },
    size: {
      tiny: { height: '26px', padding: `0 ${vars.space.sm}`, fontSize: vars.fontSize.sm },
      small: { height: '32px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.md },
      medium: { height: '38px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.base },
    },
    iconOnly: {
      true: { paddingLeft: 0, paddingRight: 0, aspectRatio: '1 / 1' },
      false: {},
    },
    block: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { variant: 'default', size: 'tiny', iconOnly: false, block: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const pendingIcon = style({
  width: '1em',
  height: '1em',
  borderRadius: vars.radii.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
});

export const icon = style({ display: 'inline-flex', width: '1.1em', height: '1.1em' });

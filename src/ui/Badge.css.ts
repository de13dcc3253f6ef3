import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    height: '20px',
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radii.full,
    border: '1px solid transparent',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: 1,
    whiteSpace: 'nowrap',
    letterSpacing: '0.01em',
  },
  variants: {
    variant: {
      default: { background: vars.color.surfaceHover, color: vars.color.muted, borderColor: vars.color.border },
      brand: { background: vars.color.brandSubtle, color: vars.color.brandText, borderColor: 'transparent' },
      warning: { background: vars.color.warningSubtle, color: vars.color.warning },
      destructive: { background: vars.color.destructiveSubtle, color: vars.color.destructive },
      outline: { background: 'transparent', color: vars.color.muted, borderColor: vars.color.borderStrong },
    },
    uppercase: { true: { textTransform: 'uppercase', letterSpacing: '0.04em' }, false: {} },
  },
  defaultVariants: { variant: 'default', uppercase: false },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;

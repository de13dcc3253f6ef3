import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// Shared by TextField and Select.
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const label = style({ color: vars.color.foreground, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.normal });

export const description = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.destructive, fontSize: vars.fontSize.sm });

export const control = style({
  width: '100%',
  minHeight: '32px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  fontSize: vars.fontSize.md,
  outline: 'none',
  transition: `border-color ${vars.duration.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.subtle },
    '&[data-hovered]': { borderColor: vars.color.subtle },
    '&[data-focused], &[data-focus-visible]': {
      borderColor: vars.color.focus,
      outline: `1px solid ${vars.color.focus}`,
      outlineOffset: 0,
    },
    '&[data-invalid]': { borderColor: vars.color.destructive },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const mono = style({ fontFamily: vars.font.mono });

import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The same card as the organization settings page's, so the notice sits among those cards unchanged.
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const text = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.muted });

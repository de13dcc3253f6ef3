import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const screen = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${vars.space.xxl} ${vars.space.xl}`,
});
export const wide = style({ width: '100%', maxWidth: 860, display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const card = style({
  width: '100%',
  maxWidth: 560,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  overflow: 'hidden',
});
export const cardBody = style({ padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cardFooter = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.md} ${vars.space.xl}`,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const heading = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const pageTitle = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const text = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, color: vars.color.muted });
export const strong = style({ color: vars.color.foreground });
export const link = style({ color: vars.color.brandText, textDecoration: 'underline', textUnderlineOffset: 2 });
export const spacer = style({ flex: 1 });

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } });
export const pulseDot = style({
  width: 10,
  height: 10,
  borderRadius: vars.radii.full,
  background: vars.color.warning,
  flexShrink: 0,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const doneDot = style([pulseDot, { background: vars.color.brand, animation: 'none' }]);
export const failedDot = style([pulseDot, { background: vars.color.destructive, animation: 'none' }]);

// Building screen: two columns of panels.
export const panels = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: vars.space.lg });
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.base, fontWeight: vars.fontWeight.medium, color: vars.color.foreground });
export const keyRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginTop: vars.space.sm });
export const keyLabel = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const keyValue = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const code = style({
  flex: 1,
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.background,
  color: vars.color.foreground,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const list = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.muted, fontSize: vars.fontSize.md });

// Upgrade steps: a fixed window that scrolls with the current step (capped at step 5, spec A4.2).
export const STEP_HEIGHT = 32;
export const stepsWindow = style({ height: STEP_HEIGHT * 4, overflow: 'hidden', position: 'relative' });
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  transition: `transform ${vars.duration.normal} ease`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const step = style({ height: STEP_HEIGHT, display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.md });
export const stepPending = style({ color: vars.color.subtle });
export const stepActive = style({ color: vars.color.foreground, fontWeight: vars.fontWeight.medium });
export const stepDone = style({ color: vars.color.muted });
export const pendingDot = style([pulseDot, { background: vars.color.border, animation: 'none' }]);

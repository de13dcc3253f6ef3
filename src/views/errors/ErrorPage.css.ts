import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({
  minHeight: '60vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 32,
});

export const row = style({ display: 'flex', alignItems: 'center', gap: 20 });

export const code = style({
  fontSize: 24,
  fontWeight: 500,
  paddingRight: 20,
  borderRight: `1px solid ${vars.color.border}`,
  color: vars.color.foreground,
});

export const message = style({ fontSize: 14, color: vars.color.muted });

export const actions = style({ marginTop: 16, display: 'flex', gap: 8, justifyContent: 'center' });

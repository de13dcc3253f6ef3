// A block of code or SQL shown for reading (the SQL a dialog will run, a query plan, a migration): monospace on the
// surface colour, bordered, wrapping long lines. Pages compose it with their own height limit.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const codeBlock = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  background: vars.color.surface,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  padding: 10,
  margin: 0,
});

// The compute sizes table on a narrow screen (issue 24: below 640 CSS px, which includes 200 % zoom on a laptop, its
// five columns overflowed the card): each size becomes a block of its values, each with its column's name before it.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

const NARROW = 'screen and (max-width: 640px)';

export const table = style({ '@media': { [NARROW]: { display: 'block' } } });
export const head = style({
  '@media': { [NARROW]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } },
});
export const body = style({ '@media': { [NARROW]: { display: 'block' } } });
export const row = style({
  '@media': {
    [NARROW]: {
      display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, padding: `${vars.space.sm} ${vars.space.md}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
export const cell = style({
  '@media': { [NARROW]: { display: 'block', padding: 0, border: 'none', overflowWrap: 'anywhere' } },
});
globalStyle(`${cell}[data-label]::before`, {
  '@media': { [NARROW]: { content: 'attr(data-label) ": "', color: vars.color.muted, fontSize: vars.fontSize.sm } },
});
/** The size's name heads its block. */
export const nameCell = style({ '@media': { [NARROW]: { flexBasis: '100%', fontWeight: vars.fontWeight.medium } } });

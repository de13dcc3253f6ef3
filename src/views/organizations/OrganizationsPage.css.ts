import { style } from '@vanilla-extract/css';

export const cardWrap = style({ position: 'relative' });
export const hint = style({ position: 'absolute', top: 16, right: 16 });

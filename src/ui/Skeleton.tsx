import type { CSSProperties } from 'react';
import * as styles from './Skeleton.css.ts';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A placeholder block shown while content loads; hidden from assistive tech (announce loading elsewhere). */
export function Skeleton({ width = '100%', height = 14, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

/** `lines` skeleton rows, the last one shorter, e.g. for a loading panel. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className={styles.stack} aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

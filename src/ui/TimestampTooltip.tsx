import type { ReactNode } from 'react';
import { Button as AriaButton, TooltipTrigger } from 'react-aria-components';
import { COPY_FEEDBACK_MS, formatInTimeZone, formatUtc, localTimeZoneName, parseTimestamp } from '../domain/format.ts';
import { Tooltip } from './Tooltip.tsx';
import { useCopyToClipboard } from './useCopyToClipboard.ts';
import * as styles from './TimestampTooltip.css.ts';

export interface TimestampTooltipProps {
  /** ISO string, Date, or numeric timestamp (16 digits = microseconds, spec A2.14). */
  value: string | number | Date;
  /** What the trigger shows; defaults to the local time. */
  children?: ReactNode;
  /** Time zone for the 'local' row; defaults to the browser's. */
  timeZone?: string;
}

/**
 * A timestamp that shows its UTC and local time in a tooltip; pressing it copies the ISO time
 * with 1 s 'Copied' feedback (spec A2.14, A9).
 */
export function TimestampTooltip({ value, children, timeZone }: TimestampTooltipProps) {
  const { copied, copy } = useCopyToClipboard(COPY_FEEDBACK_MS);
  const date = parseTimestamp(value);
  if (!date) return <span>{children ?? String(value)}</span>;

  const utc = formatUtc(date);
  const local = formatInTimeZone(date, timeZone);
  return (
    <>
      <TooltipTrigger delay={300} shouldCloseOnPress={false}>
        <AriaButton className={styles.trigger} onPress={() => void copy(date.toISOString())}>
          {children ?? local}
        </AriaButton>
        <Tooltip placement="top">
          <dl className={styles.rows}>
            <dt className={styles.term}>UTC</dt>
            <dd className={styles.value}>{utc}</dd>
            <dt className={styles.term}>{timeZone ?? localTimeZoneName()}</dt>
            <dd className={styles.value}>{local}</dd>
          </dl>
          <p className={styles.hint}>{copied ? 'Copied' : 'Click to copy'}</p>
        </Tooltip>
      </TooltipTrigger>
      <span role="status" className={styles.visuallyHidden}>{copied ? 'Copied' : ''}</span>
    </>
  );
}

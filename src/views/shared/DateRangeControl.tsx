// The date-range control of the Logs explorer and Reports (issue 19): a preset select with 'Custom range', and while
// custom is chosen the From / To inputs (the browser's datetime-local, in local time). What a range means — presets'
// lengths, a custom range's checks — stays in src/domain (logs.ts presetRange/customRange, reports.ts REPORT_RANGES).
import { Select } from '../../ui/Select.tsx';
import * as css from './DateRangeControl.css.ts';

/** The select's key for 'Custom range'. */
export const CUSTOM_RANGE = 'custom';

/** A date as a datetime-local input's value, in local time. */
export const toLocalInput = (date: Date): string => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export interface DateRangeControlProps {
  label: string;
  presets: ReadonlyArray<{ id: string; label: string }>;
  preset: string;
  onPresetChange: (id: string) => void;
  customStart: string;
  customEnd: string;
  onCustomStartChange: (value: string) => void;
  onCustomEndChange: (value: string) => void;
}

export function DateRangeControl({ label, presets, preset, onPresetChange, customStart, customEnd, onCustomStartChange, onCustomEndChange }: DateRangeControlProps) {
  return (
    <>
      <div className={css.field}>
        <Select
          label={label}
          options={[...presets.map((p) => ({ id: p.id, label: p.label })), { id: CUSTOM_RANGE, label: 'Custom range' }]}
          selectedKey={preset}
          onSelectionChange={(key) => onPresetChange(String(key))}
        />
      </div>
      {preset === CUSTOM_RANGE ? (
        <>
          <label className={css.dateInput}>
            From
            <input className={css.nativeInput} type="datetime-local" value={customStart} onChange={(e) => onCustomStartChange(e.target.value)} />
          </label>
          <label className={css.dateInput}>
            To
            <input className={css.nativeInput} type="datetime-local" value={customEnd} onChange={(e) => onCustomEndChange(e.target.value)} />
          </label>
        </>
      ) : null}
    </>
  );
}

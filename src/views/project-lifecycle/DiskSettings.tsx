// Compute and Disk → Disk (issue 20, spec B2.9, B4, B5, B8, B9): the disk types with their prices and limits, the
// disk's type, size, IOPS and throughput (gp3 only) edited within the per-type and per-compute limits, and the 6 h
// cooldown after a change with the time remaining. The form is machines/disk-form.machine.ts.
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { diskFormWithPlatform } from '../../actors/infrastructure.ts';
import {
  selectDiskCoolingDown,
  selectDiskDraft,
  selectDiskEditable,
  selectDiskError,
  selectDiskLastModifiedAt,
  selectDiskSaved,
  selectDiskSaving,
} from '../../../machines/disk-form.selectors.ts';
import { devInspect } from '../../dev/live-inspect.ts';
import {
  cooldownRemainingSeconds,
  DISK_LIMITS,
  DISK_PRICES,
  DISK_TYPE_INCLUDED,
  DISK_TYPE_LABELS,
  diskMonthlyPrice,
  formatCooldown,
  maxIopsOfCompute,
  type DiskAttributes,
  type DiskType,
} from '../../domain/disk.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { AllowedOr } from '../shared/DisabledReason.tsx';
import * as css from '../shared/ProjectLifecycle.css.ts';
import * as narrow from './ComputeAndDiskPage.css.ts';

const DISK_TYPES: readonly DiskType[] = ['gp3', 'io2'];
const DISK_REFUSED = 'You need additional permissions to update disk attributes';
const MINUTE_MS = 60_000;

const numberText = (value: number | null | undefined) => (value == null || !Number.isFinite(value) ? '' : String(value));
const parseNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export interface DiskSettingsProps {
  projectRef: string;
  disk: { attributes: DiskAttributes; last_modified_at: string | null };
  computeSize: string;
  allowed: boolean;
  active: boolean;
}

export function DiskSettings({ projectRef, disk, computeSize, allowed, active }: DiskSettingsProps) {
  const router = useRouter();
  const actor = useActorRef(diskFormWithPlatform, {
    input: { ref: projectRef, disk: disk.attributes, lastModifiedAt: disk.last_modified_at, computeSize, now: Date.now() },
    inspect: devInspect,
  });
  const draft = useSelector(actor, selectDiskDraft);
  const saved = useSelector(actor, selectDiskSaved);
  const error = useSelector(actor, selectDiskError);
  const saving = useSelector(actor, selectDiskSaving);
  const coolingDown = useSelector(actor, selectDiskCoolingDown);
  const editable = useSelector(actor, selectDiskEditable);
  const lastModifiedAt = useSelector(actor, selectDiskLastModifiedAt);

  // The route re-read the disk (after a save, or on return): the form adopts it and decides the cooldown anew.
  useEffect(() => {
    actor.send({ type: 'disk.loaded', disk: disk.attributes, lastModifiedAt: disk.last_modified_at, now: Date.now() });
  }, [actor, disk]);

  // Outcomes once per save (toasts), from the machine's emitted events.
  useEffect(() => {
    const ok = actor.on('disk.saved', () => {
      toast.success('Disk attributes updated');
      void router.invalidate();
    });
    const failed = actor.on('disk.failed', (event) => toast.error(event.message));
    return () => {
      ok.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, router]);

  // The time remaining is shown to the minute: a clock for the view only (the machine owns when the cooldown ends).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!coolingDown) return;
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, [coolingDown]);
  const remaining = coolingDown ? cooldownRemainingSeconds(lastModifiedAt, now) : 0;

  const limits = DISK_LIMITS[draft.type];
  const ceiling = Math.max(maxIopsOfCompute(computeSize), limits.iops.min);
  const iopsRange = Math.min(limits.iops.max, ceiling);
  const disabled = !allowed || !active || !editable || saving;
  const edit = (patch: Partial<DiskAttributes>) => actor.send({ type: 'disk.edit', patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'disk.submit' });
  };

  return (
    <div className={css.card} id="disk">
      <div>
        <h2 className={css.cardTitle}>Disk</h2>
        <p className={css.text} data-testid="current-disk">
          Current disk: <strong>{DISK_TYPE_LABELS[saved.type]}</strong> ({saved.type}), {saved.size_gb} GB, {saved.iops} IOPS
          {saved.type === 'gp3' ? `, ${saved.throughput_mbps ?? DISK_TYPE_INCLUDED.gp3.mbps} MBps` : ''} — ${diskMonthlyPrice(saved).toFixed(2)}/month
        </p>
        <p className={css.text}>
          At 95 % of the disk the database becomes read-only until space is freed or the disk grows. The disk can be
          increased up to 200GB here; it never shrinks.
        </p>
      </div>

      {coolingDown ? (
        <div className={css.notice} role="status" data-testid="disk-cooldown">
          The disk was changed recently. Disk attributes can be changed once every 6 hours: the next change is possible
          in {formatCooldown(remaining)}.
        </div>
      ) : null}

      <form className={css.form} onSubmit={submit} noValidate aria-label="Disk attributes">
        <div className={css.row}>
          <Select
            label="Disk type"
            options={DISK_TYPES.map((type) => ({ id: type, label: `${DISK_TYPE_LABELS[type]} (${type})` }))}
            selectedKey={draft.type}
            onSelectionChange={(key) => {
              const type = String(key) as DiskType;
              if (type !== draft.type) edit({ type, iops: Math.max(DISK_LIMITS[type].iops.min, Math.min(draft.iops, DISK_LIMITS[type].iops.max)) });
            }}
            isDisabled={disabled}
          />
          <TextField
            label="Disk size (GB)"
            inputMode="numeric"
            value={numberText(draft.size_gb)}
            onChange={(text) => edit({ size_gb: parseNumber(text) })}
            description={`${Math.max(limits.sizeGb.min, saved.size_gb)}–${limits.sizeGb.max} GB`}
            isDisabled={disabled}
          />
          <TextField
            label="IOPS"
            inputMode="numeric"
            value={numberText(draft.iops)}
            onChange={(text) => edit({ iops: parseNumber(text) })}
            description={iopsRange === limits.iops.min ? `${limits.iops.min} on this compute size` : `${limits.iops.min}–${iopsRange} on this compute size`}
            isDisabled={disabled}
          />
          {draft.type === 'gp3' ? (
            <TextField
              label="Throughput (MBps)"
              inputMode="numeric"
              value={numberText(draft.throughput_mbps)}
              onChange={(text) => edit({ throughput_mbps: parseNumber(text) })}
              description={`${DISK_LIMITS.gp3.throughputMbps!.min}–${DISK_LIMITS.gp3.throughputMbps!.max} MBps (gp3 only)`}
              isDisabled={disabled}
            />
          ) : null}
        </div>
        {error ? (
          <div className={css.alert} role="alert" data-testid="disk-error">
            {error}
          </div>
        ) : null}
        <div className={css.actions}>
          <AllowedOr allowed={allowed} reason={DISK_REFUSED}>
            <Button type="submit" variant="primary" size="tiny" isPending={saving} isDisabled={disabled}>
              Save disk changes
            </Button>
          </AllowedOr>
          <Button variant="default" size="tiny" isDisabled={disabled} onPress={() => actor.send({ type: 'disk.discard' })}>
            Cancel
          </Button>
          <span className={css.text}>New price: ${diskMonthlyPrice({ ...draft, size_gb: Number.isFinite(draft.size_gb) ? draft.size_gb : 0, iops: Number.isFinite(draft.iops) ? draft.iops : 0 }).toFixed(2)}/month</span>
        </div>
      </form>

      <table className={`${css.table} ${narrow.table}`} aria-label="Disk types" data-testid="disk-types">
        <thead className={narrow.head}>
          <tr>
            <th className={css.th}>Disk type</th>
            <th className={css.th}>Storage</th>
            <th className={css.th}>IOPS</th>
            <th className={css.th}>Throughput</th>
            <th className={css.th}>Included</th>
          </tr>
        </thead>
        <tbody className={narrow.body}>
          {DISK_TYPES.map((type) => {
            const l = DISK_LIMITS[type];
            const p = DISK_PRICES[type];
            const included = DISK_TYPE_INCLUDED[type];
            return (
              <tr key={type} className={narrow.row} data-testid={`disk-type-${type}`}>
                <td className={`${css.td} ${narrow.cell} ${narrow.nameCell}`}>
                  {DISK_TYPE_LABELS[type]} ({type})
                </td>
                <td className={`${css.td} ${narrow.cell}`} data-label="Storage">
                  ${p.perGb} per GB/month, {l.sizeGb.min}–{l.sizeGb.max} GB
                </td>
                <td className={`${css.td} ${narrow.cell}`} data-label="IOPS">
                  ${p.perIops} per IOPS/month, {l.iops.min}–{l.iops.max}
                </td>
                <td className={`${css.td} ${narrow.cell}`} data-label="Throughput">
                  {l.throughputMbps ? `$${p.perMbps} per MBps/month, ${l.throughputMbps.min}–${l.throughputMbps.max} MBps` : '—'}
                </td>
                <td className={`${css.td} ${narrow.cell}`} data-label="Included">
                  {included.iops > 0 ? `${included.iops} IOPS and ${included.mbps} MBps` : 'nothing'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

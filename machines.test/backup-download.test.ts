import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { backupDownloadMachine, PHYSICAL_BACKUPS_STATUS } from '../machines/backup-download.machine.ts';
import { selectBackupId, selectDownloadError, selectIsDownloading } from '../machines/backup-download.selectors.ts';
import type { LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { listBackups: 'promise', fetchBackupUrl: 'promise' } as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(backupDownloadMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc' } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

const backups = (ids: Array<number>, physical = false) => ({
  status: 'backups-enabled',
  backups: ids.map((id) => ({ id, isPhysicalBackup: physical })),
});

describe('backup-download machine: examples', () => {
  it('downloads the newest backup: fetching, then the signed URL and downloading', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'download.start' });
    expect(selectIsDownloading(actor.getSnapshot())).toBe(true);
    expect(notices).toEqual([{ type: 'notice.toast', kind: 'info', message: 'Fetching database backup' }]);
    await fakes.resolve('listBackups', backups([7, 3]));
    expect(fakes.starts('fetchBackupUrl')[0]?.input).toEqual({ ref: 'abc', backupId: 7 });
    await fakes.resolve('fetchBackupUrl', { fileUrl: 'http://x/backup.sql?sig=1' });
    expect(notices.slice(1)).toEqual([
      { type: 'notice.download', url: 'http://x/backup.sql?sig=1' },
      { type: 'notice.toast', kind: 'info', message: 'Downloading database backup' },
    ]);
    expect(selectIsDownloading(actor.getSnapshot())).toBe(false);
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
  });

  it('a given backup id skips the listing', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'download.start', backupId: 'b-1' });
    expect(fakes.starts('listBackups')).toHaveLength(0);
    expect(fakes.starts('fetchBackupUrl')[0]?.input).toEqual({ ref: 'abc', backupId: 'b-1' });
    expect(selectBackupId(actor.getSnapshot())).toBe('b-1');
  });

  it('no backups, physical backups and failures are said plainly', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'download.start' });
    await fakes.resolve('listBackups', backups([]));
    expect(selectDownloadError(actor.getSnapshot())).toBe('No backups available for download');
    actor.send({ type: 'download.start' });
    await fakes.resolve('listBackups', { status: PHYSICAL_BACKUPS_STATUS, backups: [] });
    expect(selectDownloadError(actor.getSnapshot())).toBe('No available backups to download as project is on physical backups');
    actor.send({ type: 'download.start' });
    await fakes.resolve('listBackups', backups([1]));
    await fakes.reject('fetchBackupUrl', new Error('Backup not found'));
    expect(selectDownloadError(actor.getSnapshot())).toBe('Failed to download backup: Backup not found');
    expect(notices.filter((n) => n.type === 'notice.toast' && n.kind === 'error').map((n) => (n as { message: string }).message)).toEqual([
      'No backups available for download',
      'No available backups to download as project is on physical backups',
      'Failed to download backup: Backup not found',
    ]);
  });

  it('physical backups are never picked', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'download.start' });
    await fakes.resolve('listBackups', backups([4], true));
    expect(selectDownloadError(actor.getSnapshot())).toBe('No backups available for download');
  });

  it('the default actors are loud stubs', async () => {
    for (const name of ['listBackups', 'fetchBackupUrl'] as const) {
      const logic = backupDownloadMachine.implementations.actors[name] as AnyActorLogic;
      const child = createActor(logic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('backup-download machine: properties', () => {
  it('the first downloadable backup of any list is the one downloaded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ id: fc.integer(), isPhysicalBackup: fc.boolean() }), { maxLength: 6 }), async (list) => {
        const { actor, fakes } = start();
        actor.send({ type: 'download.start' });
        await fakes.resolve('listBackups', { status: 'backups-enabled', backups: list });
        const first = list.find((b) => !b.isPhysicalBackup);
        if (first) expect(fakes.starts('fetchBackupUrl')[0]?.input).toEqual({ ref: 'abc', backupId: first.id });
        else expect(selectDownloadError(actor.getSnapshot())).toBe('No backups available for download');
        actor.stop();
      }),
    );
  });
});

type Snap = SnapshotFrom<typeof backupDownloadMachine>;
const events: EventSample<typeof backupDownloadMachine>[] = [
  { type: 'download.start' },
  { type: 'download.start', backupId: 9 },
  { type: 'xstate.done.actor.listBackups', output: backups([5]) },
  { type: 'xstate.done.actor.listBackups', output: backups([]) },
  { type: 'xstate.done.actor.listBackups', output: { status: PHYSICAL_BACKUPS_STATUS, backups: [] } },
  { type: 'xstate.error.actor.listBackups', error: new Error('offline') },
  { type: 'xstate.done.actor.fetchBackupUrl', output: { fileUrl: 'http://x/f' } },
  { type: 'xstate.error.actor.fetchBackupUrl', error: new Error('gone') },
];
const invariants: Invariants<typeof backupDownloadMachine> = {
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsDownloading(s)).toBe(false);
  },
  'idle.ready': (s) => expect(selectDownloadError(s)).toBeNull(),
  'idle.failed': (s) => expect(selectDownloadError(s)).toMatch(/No backups|physical backups|Failed to download backup: (offline|gone)/),
  listing: (s, { actors }) => {
    expect(actors?.isRunning('listBackups')).toBe(true);
    expect(selectIsDownloading(s)).toBe(true);
  },
  downloading: (s, { actors }) => {
    expect(actors?.isRunning('fetchBackupUrl')).toBe(true);
    expect(selectBackupId(s)).not.toBeNull();
  },
};

describeMachinePaths('backup-download machine: generated paths', backupDownloadMachine, {
  events,
  invariants,
  input: { ref: 'abc' },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, ...s.context }),
  simplePaths: false,
});

// Issue 23: object storage through the S3 backend against the local folder, same run, as a ratio.
//   - one platform harness per backend on one test cluster (in this process): STRATA_STORAGE_BACKEND=local, and
//     =s3 against s3rver started here (an emulator on the same machine: the figure is the platform's S3 path plus
//     the emulator's disk writes, not a cloud bucket's);
//   - a file of BENCH_CLUSTER_MB MiB (default 64) of random bytes, uploaded with POST {project}/storage/v1/object
//     and downloaded whole, BENCH_CLUSTER_RUNS runs (default 5), the two backends alternating first;
//   - sha256 of every download against the source.
// Figures: upload and download times per backend; details: median S3 / median local for each (1 = as fast).
// Not measured here (not built): the Data API's requests/s with two processes against one.
import { createHash, randomBytes } from 'node:crypto';
import { startTestS3 } from '../server/storage/s3Testing.ts';
import { startStorageFixture, type StorageFixture } from '../server/storage/testing.ts';
import { startTestCluster } from '../server/testing/database.ts';
import { figure, median, result, type BenchResult } from './support/results.ts';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_CLUSTER_MB ?? 64) * MiB;
const RUNS = Number(process.env.BENCH_CLUSTER_RUNS ?? 5);

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function roundTrip(f: StorageFixture, bytes: Buffer, name: string): Promise<{ upload: number; download: number }> {
  const headers = { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}` };
  const url = `${f.storageUrl}/object/bench/${name}`;
  const up = await timed(async () => {
    const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upsert': 'true' }, body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length) });
    if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  const down = await timed(async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`download ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  if (sha(down.value) !== sha(bytes)) throw new Error(`${name}: the download differs from the upload`);
  return { upload: up.ms, download: down.ms };
}

export async function clusterBench(): Promise<BenchResult> {
  const cluster = await startTestCluster();
  const s3 = await startTestS3('strata-bench');
  const local = await startStorageFixture({ cluster });
  const remote = await startStorageFixture({ cluster, storage: s3.config });
  try {
    for (const f of [local, remote]) await f.client().createBucket('bench');
    const bytes = randomBytes(SIZE);
    const samples = { local_upload: [] as number[], s3_upload: [] as number[], local_download: [] as number[], s3_download: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? (['local', 's3'] as const) : (['s3', 'local'] as const);
      for (const backend of order) {
        const times = await roundTrip(backend === 'local' ? local : remote, bytes, `run-${run}.bin`);
        samples[`${backend}_upload`].push(times.upload);
        samples[`${backend}_download`].push(times.download);
      }
    }
    const ratio = (a: number[], b: number[]) => Math.round((median(a) / median(b)) * 100) / 100;
    return result(
      'cluster',
      RUNS,
      {
        local_upload: figure('ms', samples.local_upload, `POST of ${SIZE / MiB} MiB, local folder`),
        s3_upload: figure('ms', samples.s3_upload, `POST of ${SIZE / MiB} MiB, S3 backend (s3rver)`),
        local_download: figure('ms', samples.local_download, `GET of ${SIZE / MiB} MiB, local folder`),
        s3_download: figure('ms', samples.s3_download, `GET of ${SIZE / MiB} MiB, S3 backend (s3rver)`),
      },
      {},
      {
        sizeMiB: SIZE / MiB,
        uploadRatioS3ToLocal: ratio(samples.s3_upload, samples.local_upload),
        downloadRatioS3ToLocal: ratio(samples.s3_download, samples.local_download),
        dataApiTwoProcesses: 'not measured (not built)',
      },
    );
  } finally {
    await remote.close().catch(() => {});
    await local.close().catch(() => {});
    await s3.close().catch(() => {});
    await cluster.close().catch(() => {});
  }
}

export function printClusterDetails(res: BenchResult): void {
  const d = res.details as { uploadRatioS3ToLocal: number; downloadRatioS3ToLocal: number; sizeMiB: number } | undefined;
  if (d) console.log(`S3 / local (median, ${d.sizeMiB} MiB): upload ${d.uploadRatioS3ToLocal}, download ${d.downloadRatioS3ToLocal}`);
}

// Resident memory of a process tree from /proc (Linux only): VmRSS per process, and PSS (shared pages split
// among the processes mapping them) from smaps_rollup where readable.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
  cwd: string | null;
  rssKB: number;
  pssKB: number | null;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function kbField(text: string | null, field: string): number | null {
  const match = text ? new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text) : null;
  return match ? Number(match[1]) : null;
}

export function procInfo(pid: number): ProcInfo | null {
  const status = read(`/proc/${pid}/status`);
  if (!status) return null;
  const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  let cwd: string | null = null;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    cwd = null;
  }
  return {
    pid,
    ppid,
    comm: (read(`/proc/${pid}/comm`) ?? '').trim(),
    cmdline: (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim(),
    cwd,
    // Kernel threads and zombies have no VmRSS.
    rssKB: kbField(status, 'VmRSS') ?? 0,
    pssKB: kbField(read(`/proc/${pid}/smaps_rollup`), 'Pss'),
  };
}

export function allProcs(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = procInfo(Number(entry));
    if (info) out.push(info);
  }
  return out;
}

/** `root` and all its descendants, from a snapshot of /proc. */
export function descendants(procs: ProcInfo[], root: number): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcInfo[] = [];
  const queue = procs.filter((p) => p.pid === root);
  while (queue.length) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return found;
}

/** The postmaster pid from <pgDir>/postmaster.pid, if the file is there. */
export function postmasterPid(pgDir: string): number | null {
  const text = read(join(pgDir, 'postmaster.pid'));
  const pid = Number(text?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * The postgres processes of the cluster in `pgDir`: the postmaster named in postmaster.pid, its children, and any
 * postgres process whose command line or working folder points into the cluster folder.
 */
export function clusterProcs(procs: ProcInfo[], pgDir: string): ProcInfo[] {
  const dir = resolve(pgDir);
  const found = new Map<number, ProcInfo>();
  const postmaster = postmasterPid(dir);
  if (postmaster !== null) for (const p of descendants(procs, postmaster)) found.set(p.pid, p);
  for (const p of procs) {
    if (!p.comm.startsWith('postgres')) continue;
    if (p.cmdline.includes(dir) || (p.cwd !== null && (p.cwd === dir || p.cwd.startsWith(`${dir}/`)))) {
      for (const d of descendants(procs, p.pid)) found.set(d.pid, d);
    }
  }
  return [...found.values()];
}

export interface Footprint {
  rssMB: number;
  pssMB: number | null;
  processes: { pid: number; comm: string; cmd: string; rssKB: number; pssKB: number | null; role: 'node' | 'postgres' }[];
}

/** RSS (and PSS) of the node tree under `nodePid` plus every postgres process of the cluster in `pgDir`. */
export function platformFootprint(nodePid: number, pgDir: string): Footprint {
  const procs = allProcs();
  const nodeTree = descendants(procs, nodePid);
  const cluster = clusterProcs(procs, pgDir);
  const seen = new Set<number>();
  const processes: Footprint['processes'] = [];
  for (const [role, list] of [['node', nodeTree], ['postgres', cluster]] as const) {
    for (const p of list) {
      if (seen.has(p.pid)) continue;
      seen.add(p.pid);
      const cmd = p.cmdline.replaceAll(resolve(pgDir), '{pgDir}').replaceAll(process.cwd(), '.').slice(0, 120);
      processes.push({ pid: p.pid, comm: p.comm, cmd, rssKB: p.rssKB, pssKB: p.pssKB, role: p.comm.startsWith('postgres') ? 'postgres' : role });
    }
  }
  const rssKB = processes.reduce((sum, p) => sum + p.rssKB, 0);
  const pssKnown = processes.every((p) => p.pssKB !== null);
  const pssKB = processes.reduce((sum, p) => sum + (p.pssKB ?? 0), 0);
  return { rssMB: rssKB / 1024, pssMB: pssKnown ? pssKB / 1024 : null, processes };
}

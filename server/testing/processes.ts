// Test support: a platform process (`node --import tsx server/main.ts`, or `node server/start.mjs`) with its own
// environment, its output kept, and a wait for a line of it. Used by the several-processes test (issue 23), the
// second-instance test, server/main.test.ts and server/start.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';

export interface PlatformProcess {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
}

export function launchPlatform(
  env: NodeJS.ProcessEnv,
  options: { args?: string[]; cwd?: string } = {},
): PlatformProcess {
  const args = options.args ?? ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...(options.cwd ? { cwd: options.cwd } : {}) });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  // 'close' comes after the process exited and its output was read to the end (unlike 'exit').
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return {
    child,
    output: () => text,
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        if (Date.now() > deadline || isClosed) throw new Error(`no ${pattern} in:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    exited: () => closed,
  };
}

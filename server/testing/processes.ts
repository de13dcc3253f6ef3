// Test support: a platform process (`node --import tsx server/main.ts`) with its own environment, its output kept,
// and a wait for a line of it. Used by the several-processes test (issue 23) and the second-instance test.
import { spawn, type ChildProcess } from 'node:child_process';

export interface PlatformProcess {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
}

export function launchPlatform(env: NodeJS.ProcessEnv): PlatformProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    child,
    output: () => text,
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${pattern} in:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    exited: () =>
      new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)))),
  };
}

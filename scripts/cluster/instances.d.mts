import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface Instance {
  /** 1-based */
  index: number;
  port: number;
  /** The running process; null between an exit and the restart. */
  child: ChildProcess | null;
  /** Resolves with the exit code of the current process. */
  exited: Promise<number>;
}

export interface InstancesOptions {
  ports: number[];
  command: [string, string[]];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  onSpawn?: (instance: Instance, child: ChildProcess) => void;
  log?: (line: string) => void;
}

export function startInstances(options: InstancesOptions): { instances: Instance[]; stop(): Promise<boolean> };

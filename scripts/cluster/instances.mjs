// Server processes, one per port, each started again when it exits unexpectedly.
import { spawn } from 'node:child_process';

/** An instance that keeps dying within this long of its start waits longer each time (up to MAX_DELAY_MS). */
const QUICK_EXIT_MS = 10_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * Starts a process of `command` ([file, args]) in `cwd` for each of `ports` (its PORT); the
 * instances are numbered from 1. `stdio` goes to spawn; `onSpawn(instance, child)` sees each process (its
 * output when stdio is 'pipe'). `stop()` sends SIGTERM to every process, waits for them and
 * resolves whether each exited with 0.
 */
export function startInstances({ ports, command, cwd, env, stdio = 'inherit', onSpawn, log = console.log }) {
  let stopping = false;
  const instances = ports.map((port, i) => ({
    index: i + 1,
    port,
    child: null,
    exited: Promise.resolve(0),
    restartDelay: FIRST_DELAY_MS,
    restartTimer: null,
  }));

  const spawnOne = (instance) => {
    const startedAt = Date.now();
    const child = spawn(command[0], command[1], {
      cwd,
      stdio,
      env: { ...env, PORT: String(instance.port) },
    });
    instance.child = child;
    instance.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        instance.child = null;
        resolve(code ?? 1);
        if (stopping) return;
        log(
          `instance ${instance.index} (port ${instance.port}, pid ${child.pid}) exited (${signal ?? `code ${code}`}); starting it again`,
        );
        const delay = Date.now() - startedAt < QUICK_EXIT_MS ? instance.restartDelay : FIRST_DELAY_MS;
        instance.restartDelay = Math.min(delay * 2, MAX_DELAY_MS);
        instance.restartTimer = setTimeout(() => spawnOne(instance), delay);
      }),
    );
    onSpawn?.(instance, child);
  };
  instances.forEach(spawnOne);

  const killAll = () => instances.forEach((i) => i.child?.kill('SIGKILL'));
  // Whatever ends this process, its instances go with it.
  process.once('exit', killAll);

  return {
    instances,
    async stop() {
      stopping = true;
      process.removeListener('exit', killAll);
      for (const instance of instances) {
        clearTimeout(instance.restartTimer);
        instance.child?.kill('SIGTERM');
      }
      const codes = await Promise.all(instances.map((i) => i.exited));
      return codes.every((code) => code === 0);
    },
  };
}

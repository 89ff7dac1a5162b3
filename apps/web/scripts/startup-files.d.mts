/** Types of startup-files.mjs (imported by vite.config.ts). */
export interface StartupFiles {
  initialKeys: Set<string>;
  entryFiles: Set<string>;
  initialFiles: Set<string>;
}
export function filesOf(manifest: Record<string, unknown>, keys: Iterable<string>): Set<string>;
export function startupFiles(dist: string, manifest?: Record<string, unknown>): StartupFiles;

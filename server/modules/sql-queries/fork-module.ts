import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Starts a child process on a module of ours, with an IPC channel that carries typed arrays
 * ('advanced' serialisation). Compiled JavaScript starts as is; a .ts source (the server run
 * through tsx, or the tests) starts with tsx's loader. A process rather than a worker thread:
 * terminating a thread joins it on the server's own thread while its heap is torn down (531 ms
 * measured), where a killed process costs the server nothing.
 */
export function forkModule(entry: URL): ChildProcess {
  const execArgv: string[] = [];
  if (entry.pathname.endsWith('.ts')) {
    const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    execArgv.push('--import', pathToFileURL(path.join(tsxRoot, 'dist/loader.mjs')).href);
  }
  return fork(fileURLToPath(entry), [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

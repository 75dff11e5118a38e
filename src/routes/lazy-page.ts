import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec 9: a page's script chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded: the network failed, the build changed, or it timed out. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** Messages browsers give a failed `import()` (Chromium, Firefox, Safari). */
const IMPORT_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && (error.name === 'ChunkLoadError' || IMPORT_FAILURE.test(error.message)));
}

/** Waits for a chunk at most `timeoutMs`; a failure of any kind becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk not loaded within ${timeoutMs} ms`, true)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), false));
      },
    );
  });
}

/**
 * React.lazy with the spec's chunk timeout. The failure reaches the nearest error boundary,
 * which offers a reload (React keeps a failed lazy component failed, so retrying needs one).
 */
// `any` props as in React.lazy's own signature: pages take differing props or none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyExoticComponent<T> {
  return lazy(() => loadChunk(load, timeoutMs));
}

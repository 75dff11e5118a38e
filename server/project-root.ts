import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the project's package.json, found upwards from this module: the same from the
 * TypeScript sources (server/) and from the compiled JavaScript (.compiled/server/), which sit
 * at different depths.
 */
function findRoot(from: string): string {
  let dir = path.dirname(fileURLToPath(from));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${fileURLToPath(from)}`);
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.url);

// Which code `segra` runs: the compiled JavaScript under <root>/.compiled when it is complete
// (its stamp is written last) and newer than every TypeScript source, else null (run the
// sources through tsx). Kept apart from bin/segra.js so that tests can check the choice.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_DIRS = ['server', 'engine', 'generator', 'contracts'];

/** The compiled entry module of the command line, or null when it is missing or stale. */
export function compiledMain(root) {
  const stamp = path.join(root, '.compiled', 'stamp');
  const main = path.join(root, '.compiled', 'server', 'cli', 'main.js');
  if (!existsSync(stamp) || !existsSync(main)) return null;
  const built = statSync(stamp).mtimeMs;
  for (const dir of SOURCE_DIRS) {
    const base = path.join(root, dir);
    if (!existsSync(base)) continue;
    for (const e of readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (e.isFile() && e.name.endsWith('.ts') && statSync(path.join(e.parentPath, e.name)).mtimeMs > built) return null;
    }
  }
  return main;
}

type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A deep merge of message trees: `extra` adds keys (and wins on a leaf clash) without dropping `base`'s. */
export function deepMerge<T extends Tree>(base: T, extra: Tree): T {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) out[k] = isTree(v) && isTree(out[k]) ? deepMerge(out[k] as Tree, v) : v;
  return out as T;
}

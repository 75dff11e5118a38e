/**
 * The demo screens' calls (spec section 7, "Demo calls"): GET parameters in the query string
 * with arrays and objects JSON-encoded, other methods with a JSON body. The in-browser mock
 * answers them.
 */
export async function getDemo<T>(path: string, query: Record<string, unknown> = {}): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = search.toString();
  return answer<T>(await fetch(qs ? `${path}?${qs}` : path, { headers: { Accept: 'application/json' } }));
}

export async function sendDemo<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown): Promise<T> {
  return answer<T>(
    await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function answer<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

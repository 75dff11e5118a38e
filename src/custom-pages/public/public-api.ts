/** Calls of the public pages (no token): the answer's status and JSON body. */
export async function postPublic(path: string, body: unknown): Promise<{ ok: boolean; status: number; body: { code?: string; message?: string; errors?: Record<string, string> } }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    return { ok: false, status: 0, body: {} };
  }
}

/**
 * Field errors of bad input, shared by the server's error replies and the demo's answers:
 * a zod error's issues become `{ email: 'Email is not valid' }` (the first message per field).
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    out[key] ??= i.message;
  }
  return out;
}

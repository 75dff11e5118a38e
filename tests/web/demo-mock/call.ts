import { answerDemoCall } from '../../../src/demo/apps-mock/router.ts';
import { createDemoState, type DemoState } from '../../../src/demo/apps-mock/state.ts';

/** A fixed clock: 3 March 2026, 14:05 local time. */
export const NOW = new Date(2026, 2, 3, 14, 5);

export const freshState = (): DemoState => createDemoState(NOW);

/** One demo call through the route table, as the fetch patch makes it; fails if not answered. */
export function call<T = unknown>(
  state: DemoState,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  now = NOW,
): T {
  const answer = answerDemoCall(state, { method, path, params, now });
  if (!answer) throw new Error(`${method} ${path} was not answered`);
  return answer.body as T;
}

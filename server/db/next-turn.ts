/**
 * Resolves on the event loop's next turn (setImmediate). On the embedded database a query's
 * promise settles without the event loop turning (PGlite runs in this thread), so a loop of
 * queries starves every request until it ends: long work awaits this between its statements.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

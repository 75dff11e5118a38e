/**
 * Waits for work done in a thread while `beat` runs every half second (it proves the worker
 * alive, and throws when the work was canceled meanwhile): the wait then ends at once with
 * that error, and the caller terminates the thread.
 */
export async function withHeartbeat<T>(work: Promise<T>, beat: () => Promise<void>, everyMs = 500): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const watch = new Promise<never>((_, reject) => {
    const tick = (): void => {
      beat().then(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      }, reject);
    };
    timer = setTimeout(tick, everyMs);
  });
  watch.catch(() => {});
  try {
    return await Promise.race([work, watch]);
  } finally {
    stopped = true;
    clearTimeout(timer);
  }
}

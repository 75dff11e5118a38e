import { parentPort, workerData } from 'node:worker_threads';
import { InputError, isInputError } from '../importers/input-error.ts';
import { startWorker } from './start-worker.ts';

/**
 * Reading an uploaded file in a worker thread (DESIGN 7b: an import never parses on the API's
 * event loop). The worker module names its readers (`answerRead`); the main thread asks one of
 * them once (`readInThread`) and gets its result, or its InputError rebuilt whole (the place,
 * code and params: an error class does not cross threads, its fields do).
 */
// Arguments and results cross by structured clone: plain data, Maps and Sets.
type Reader = (...args: never[]) => Promise<unknown>;
export type Readers = Record<string, Reader>;

interface PlacedProblem {
  problem: string;
  file: string;
  line?: number;
  column?: string | number;
  code?: string;
  params?: Record<string, string | number>;
}
type Answer = { value: unknown } | { inputError: PlacedProblem } | { error: unknown };

/** Runs `reader` of the worker module `./<name>` beside `from` on `args` in a new thread, which ends with the answer. */
export function readInThread<R extends Readers, K extends keyof R & string>(name: string, from: string, reader: K, ...args: Parameters<R[K]>): Promise<Awaited<ReturnType<R[K]>>> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(name, from, { reader, args });
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      void worker.terminate();
      if ('value' in answer) resolve(answer.value as Awaited<ReturnType<R[K]>>);
      else if ('inputError' in answer) {
        const { problem, file, line, column, code, params } = answer.inputError;
        reject(new InputError(problem, { file, line, column }, { code, params }));
      } else reject(answer.error);
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The ${name} thread stopped (exit code ${code})`));
    });
  });
}

/** In the worker module: answers the one read asked in its workerData with one of `readers`. */
export function answerRead(readers: Readers): void {
  const { reader, args } = workerData as { reader: string; args: never[] };
  const post = (answer: Answer): void => parentPort!.postMessage(answer);
  readers[reader](...args).then(
    (value) => post({ value }),
    (e: unknown) => {
      if (!isInputError(e)) return post({ error: e });
      const { problem, file, line, column, code, params } = e;
      post({ inputError: { problem, file, line, column, code, params } });
    },
  );
}

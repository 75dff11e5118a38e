import type { SandboxOptions, SandboxResult } from './sandbox.ts';

/** What the server sends the sandbox worker (sandbox-worker.ts). */
export type WorkerRequest =
  | { type: 'init'; template?: ArrayBuffer }
  | { type: 'load'; table: string; columns: string[]; data: Uint8Array<ArrayBuffer> }
  | { type: 'run'; importId: string; text: string; options: Required<SandboxOptions> };

/** Its answers: one per request, in order. An AppError crosses as its status, code and message. */
export type WorkerReply =
  | { type: 'ready'; template?: ArrayBuffer }
  | { type: 'loaded' }
  | { type: 'result'; result: SandboxResult }
  | { type: 'error'; statusCode?: number; code?: string; message: string };

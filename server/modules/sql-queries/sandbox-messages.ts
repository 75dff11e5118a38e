import type { SandboxOptions, SandboxResult } from './sandbox.ts';

/** What the server sends the sandbox process (sandbox-worker.ts). `template`: the schema dump's file. */
export type WorkerRequest =
  | { type: 'init'; template: string }
  | { type: 'load'; table: string; columns: string[]; data: Uint8Array<ArrayBuffer> }
  | { type: 'run'; importId: string; text: string; options: Required<SandboxOptions> };

/** Its answers: one per request, in order. An AppError crosses as its status, code and message. */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'loaded' }
  | { type: 'result'; result: SandboxResult }
  | { type: 'error'; statusCode?: number; code?: string; params?: Record<string, string | number>; message: string };

/** The worker thread that reads and sums one uploaded usage export (usage-sums.ts). */
import { answerRead } from '../workers/read-in-thread.ts';
import { usageReaders } from './usage-sums.ts';

answerRead(usageReaders);

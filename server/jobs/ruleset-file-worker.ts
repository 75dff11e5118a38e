/** The worker thread that reads one uploaded ruleset and makes its storing batches (ruleset-file-read.ts). */
import { answerRead } from '../workers/read-in-thread.ts';
import { rulesetReaders } from './ruleset-file-read.ts';

answerRead(rulesetReaders);

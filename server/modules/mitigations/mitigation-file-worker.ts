/** The worker thread that reads one uploaded control register or mitigation file (mitigation-readers.ts). */
import { answerRead } from '../../workers/read-in-thread.ts';
import { mitigationReaders } from './mitigation-readers.ts';

answerRead(mitigationReaders);

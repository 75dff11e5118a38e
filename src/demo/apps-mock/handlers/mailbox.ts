import type { DemoState } from '../state.ts';
import type { MailThread } from '../types.ts';
import { idsParam, itemParam, sameId, type Params } from './params.ts';

// Only GET's answer is in the spec ("all threads"); the writes take "item or ids" and answer
// all threads too, so that the screen always shows the stored state.

/** GET mailbox: all threads. */
export function getMailThreads(state: DemoState): MailThread[] {
  return state.mailThreads;
}

/** POST mailbox: item added first with a new id (sending a mail) → all threads. */
export function addMailThread(state: DemoState, params: Params): MailThread[] {
  const item = itemParam<MailThread>(params.item);
  const id = state.mailThreads.reduce((max, t) => Math.max(max, t.id), 0) + 1;
  state.mailThreads.unshift({ ...(item as MailThread), id });
  return state.mailThreads;
}

/** PUT mailbox: item replaced by id (star, important, read, tags, folder) → all threads. */
export function replaceMailThread(state: DemoState, params: Params): MailThread[] {
  const item = itemParam<MailThread>(params.item);
  const at = state.mailThreads.findIndex((t) => sameId(item.id, t.id));
  if (at >= 0) state.mailThreads[at] = { ...state.mailThreads[at], ...item, id: state.mailThreads[at].id };
  return state.mailThreads;
}

/** DELETE mailbox: threads with the ids removed for good → all threads. */
export function deleteMailThreads(state: DemoState, params: Params): MailThread[] {
  const ids = idsParam(params.ids);
  state.mailThreads = state.mailThreads.filter((t) => !ids.some((id) => sameId(id, t.id)));
  return state.mailThreads;
}

import type { DemoState } from '../state.ts';
import type { ChatMessage, Conversation } from '../types.ts';
import { idsParam, itemParam, sameId, type Params } from './params.ts';
import { pad2 } from '../sample-data/random.ts';

/** hh:mm of the clock, as chat messages carry it. */
export const clockTime = (now: Date) => `${pad2(now.getHours())}:${pad2(now.getMinutes())}`;

/** GET chat: the conversations. */
export function getConversations(state: DemoState): Conversation[] {
  return state.conversations;
}

/** Spec section 4: sending adds a sent message and moves that conversation to the top. */
function send(state: DemoState, id: unknown, message: Omit<ChatMessage, 'type'>): Conversation[] {
  const at = state.conversations.findIndex((c) => sameId(id, c.id));
  if (at < 0) return state.conversations;
  const [conversation] = state.conversations.splice(at, 1);
  conversation.messages.push({ ...message, type: 'message' });
  conversation.last = message.time;
  state.conversations.unshift(conversation);
  return state.conversations;
}

/** PUT chat/addText: id, text → list. */
export function addText(state: DemoState, params: Params, now: Date): Conversation[] {
  return send(state, params.id, { text: String(params.text ?? ''), time: clockTime(now), attachments: [] });
}

/** PUT chat/addAttachments: id, attachments (image paths) → list. */
export function addAttachments(state: DemoState, params: Params, now: Date): Conversation[] {
  const attachments = idsParam(params.attachments).map(String);
  return send(state, params.id, { text: '', time: clockTime(now), attachments });
}

/** PUT chat/read: id → list, with that conversation's unread set to 0. */
export function readConversation(state: DemoState, params: Params): Conversation[] {
  const conversation = state.conversations.find((c) => sameId(params.id, c.id));
  if (conversation) conversation.unread = 0;
  return state.conversations;
}

// The answers of POST, PUT and DELETE chat are not shown in the spec; these keep the list
// consistent and answer it, like the other chat calls.

/** POST chat: item added first with a new id → list. */
export function addConversation(state: DemoState, params: Params): Conversation[] {
  const item = itemParam<Conversation>(params.item);
  const id = state.conversations.reduce((max, c) => Math.max(max, c.id), 0) + 1;
  state.conversations.unshift({
    unread: 0,
    messages: [],
    status: 'Online',
    last: '',
    thumb: '',
    name: '',
    ...item,
    id,
  });
  return state.conversations;
}

/** PUT chat: item replaced by id → list. */
export function replaceConversation(state: DemoState, params: Params): Conversation[] {
  const item = itemParam<Conversation>(params.item);
  const at = state.conversations.findIndex((c) => sameId(item.id, c.id));
  if (at >= 0) state.conversations[at] = { ...state.conversations[at], ...item, id: state.conversations[at].id };
  return state.conversations;
}

/** DELETE chat: ids removed → list. */
export function deleteConversations(state: DemoState, params: Params): Conversation[] {
  const ids = idsParam(params.ids);
  state.conversations = state.conversations.filter((c) => !ids.some((id) => sameId(id, c.id)));
  return state.conversations;
}

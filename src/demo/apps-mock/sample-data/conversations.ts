import type { ChatMessage, Conversation } from '../types.ts';
import { avatarUri, pad2, PEOPLE, pictureUri, seededRandom } from './random.ts';

const LINES = [
  'Did the role export finish?',
  'Yes, the SU01 extract is on the share.',
  'Can you check the SoD findings for FI?',
  'I will look at them after lunch.',
  'The new ruleset is ready for review.',
  'Great, send me the link please.',
  'Which period should we compare against?',
  'Let us use the last quarter.',
  'Thanks, that helps a lot!',
  'See you in the meeting.',
];

/** 10 conversations (spec section 3), newest activity first. */
export function sampleConversations(): Conversation[] {
  const rnd = seededRandom(10);
  return PEOPLE.slice(0, 10).map((name, i) => {
    const count = rnd.int(2, 6);
    const messages: ChatMessage[] = Array.from({ length: count }, (_, m) => ({
      text: LINES[(i + m) % LINES.length],
      time: `${pad2(9 + m)}:${pad2(rnd.int(0, 59))}`,
      type: m % 2 === 0 ? 'response' : 'message',
      attachments: i === 2 && m === 1 ? [pictureUri('role-matrix.png', '#0097a7')] : [],
    }));
    return {
      id: i + 1,
      name,
      thumb: avatarUri(name),
      last: messages[messages.length - 1].time,
      status: i % 3 === 0 ? 'Offline' : 'Online',
      unread: i % 4 === 1 ? rnd.int(1, 5) : 0,
      messages,
    };
  });
}

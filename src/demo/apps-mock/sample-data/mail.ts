import { MAIL_FOLDERS, type MailTag, type MailThread } from '../types.ts';
import { avatarUri, pad2, PEOPLE, seededRandom } from './random.ts';

export const MAIL_TAGS: Record<'Project' | 'Personal' | 'Urgent', MailTag> = {
  Project: { title: 'Project', bg: '#e3f2fd', text: '#1565c0' },
  Personal: { title: 'Personal', bg: '#f3e5f5', text: '#6a1b9a' },
  Urgent: { title: 'Urgent', bg: '#ffebee', text: '#c62828' },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The spec's mail date format: 25 Nov 2020. */
export function mailDate(d: Date): string {
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

const SUBJECTS = [
  ['Quarterly access review', 'Please confirm the list of reviewers for this quarter.'],
  ['SoD conflict in FI', 'User FI_CLERK3 can post invoices and maintain vendors.'],
  ['Ruleset update', 'The new purchasing conflicts are attached for review.'],
  ['Licence file', 'Here is the updated licence file from SAP.'],
  ['Meeting notes', 'Notes from yesterday’s workshop on role design.'],
  ['Firefighter usage', 'Emergency access was used twice last weekend.'],
  ['Welcome aboard', 'Your account for the risk analysis tool is ready.'],
  ['Lunch on Friday?', 'Shall we try the new place near the office?'],
  ['Audit findings', 'The auditors listed three open findings.'],
  ['Password policy', 'The minimum password length changes next month.'],
  ['You won a prize!', 'Click here to claim your reward.'],
];

/** 22 mail threads (spec section 3), dates like 25 Nov 2020, times HH:MM. */
export function sampleMailThreads(): MailThread[] {
  const rnd = seededRandom(22);
  return Array.from({ length: 22 }, (_, i) => {
    const [title, detail] = SUBJECTS[i % SUBJECTS.length];
    const sender = PEOPLE[i % PEOPLE.length];
    // Most mail is in the inbox; the rest spreads over the other folders.
    const folder = i < 12 ? 'inbox' : MAIL_FOLDERS[1 + (i % 3)];
    const date = mailDate(new Date(2020, 10, 25 - i));
    const time = `${pad2(rnd.int(8, 18))}:${pad2(rnd.int(0, 59))}`;
    const hasAttachment = i % 4 === 1;
    const tags = [MAIL_TAGS.Project, MAIL_TAGS.Personal, MAIL_TAGS.Urgent].filter((_, t) => (i + t) % 4 === 0);
    const address = `${sender
      .split(' ')[0]
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')}@example.com`;
    return {
      id: i + 1,
      folder,
      from: sender,
      title,
      detail,
      dateTime: `${date} ${time}`,
      attachment: hasAttachment,
      starred: i % 5 === 0,
      important: i % 6 === 0,
      unread: i % 3 === 0,
      tags,
      emails: [
        {
          name: sender,
          address,
          thumb: avatarUri(sender),
          date,
          time,
          attachments: hasAttachment ? [{ title: 'report.xlsx', size: `${rnd.int(20, 900)} KB`, source: '#' }] : [],
          content: `<p>Hello,</p><p>${detail}</p><p>Best regards,<br/>${sender}</p>`,
        },
      ],
    };
  });
}

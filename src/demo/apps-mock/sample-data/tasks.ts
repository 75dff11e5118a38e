import type { Task, TaskTag } from '../types.ts';

export const TASK_TAGS: Record<string, TaskTag> = {
  Urgent: { title: 'Urgent', bg: '#d32f2f' },
  Project: { title: 'Project', bg: '#1976d2' },
  List: { title: 'List', bg: '#388e3c' },
  Lists: { title: 'Lists', bg: '#0097a7' },
  Personal: { title: 'Personal', bg: '#7b1fa2' },
};

const ROWS: [string, string, Task['status'], boolean, (keyof typeof TASK_TAGS)[]][] = [
  ['Review FI roles', 'Check the composite roles of the finance team', 'Active', false, ['Urgent', 'Project']],
  ['Export USR02', 'Extract user master data from PRD', 'Active', false, ['Project']],
  ['Update ruleset', 'Add the new MM purchasing conflicts', 'Active', false, ['List']],
  ['Mitigation controls', 'Document controls for accepted risks', 'Active', false, ['Lists', 'Urgent']],
  ['Licence count', 'Compare named users with the licence file', 'Active', false, ['Personal']],
  ['Firefighter review', 'Review last week’s emergency access logs', 'Active', false, ['Urgent']],
  ['Onboarding', 'Prepare access for the new controllers', 'Done', false, ['Personal']],
  ['Quarterly report', 'Send the SoD report to the auditors', 'Done', false, ['Project', 'List']],
  ['Old period cleanup', 'Remove the 2019 analysis periods', 'Done', true, ['Lists']],
  ['Test system refresh', 'Re-extract QAS after the refresh', 'Done', true, ['Project']],
  ['Role naming', 'Agree on a role naming convention', 'Active', false, ['List']],
  ['Access request form', 'Draft the new access request form', 'Done', false, ['Personal', 'Urgent']],
];

/** Tasks (spec sections 3 and 4): some Done tasks start as deleted. */
export function sampleTasks(): Task[] {
  return ROWS.map(([title, detail, status, deleted, tags], i) => ({
    id: String(i + 1),
    status,
    title,
    detail,
    tags: tags.map((t) => ({ ...TASK_TAGS[t] })),
    deleted,
  }));
}

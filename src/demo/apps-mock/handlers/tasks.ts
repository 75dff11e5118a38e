import type { DemoState } from '../state.ts';
import type { Task } from '../types.ts';
import { itemParam, sameId, type Params } from './params.ts';

/** GET tasks: the task list (deleted ones included; the screen shows them under its delete filter). */
export function getTasks(state: DemoState): Task[] {
  return state.tasks;
}

/** Task ids are strings; a new one is one past the largest numeric id. */
const nextTaskId = (tasks: readonly Task[]) =>
  String(tasks.reduce((max, t) => Math.max(max, Number(t.id) || 0), 0) + 1);

/** PUT tasks: upsert — replace the task with the same id, or add it first (new id if it has none). */
export function upsertTask(state: DemoState, params: Params): Task[] {
  const item = itemParam<Task>(params.item);
  const at = state.tasks.findIndex((t) => sameId(item.id, t.id));
  if (at >= 0) state.tasks[at] = { ...(item as Task), id: state.tasks[at].id };
  else state.tasks.unshift({ ...(item as Task), id: item.id ? String(item.id) : nextTaskId(state.tasks) });
  return state.tasks;
}

/** POST tasks: added first with a new id; the full list comes back. */
export function addTask(state: DemoState, params: Params): Task[] {
  const item = itemParam<Task>(params.item);
  state.tasks.unshift({ ...(item as Task), id: nextTaskId(state.tasks) });
  return state.tasks;
}

/** DELETE tasks: the task with the id goes for good; the full list comes back. */
export function deleteTask(state: DemoState, params: Params): Task[] {
  state.tasks = state.tasks.filter((t) => !sameId(params.id, t.id));
  return state.tasks;
}

import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TASK_TAGS } from '../../../demo/apps-mock/sample-data/tasks.ts';
import type { Task } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';

export type TaskDraft = Omit<Task, 'id'> & { id?: string };

export const emptyTask: TaskDraft = { status: 'Active', title: '', detail: '', tags: [], deleted: false };

/** Add or edit a task; the whole item is sent, as the spec's task calls expect. */
export function TaskDialog({
  initial,
  onCancel,
  onSave,
}: {
  initial: TaskDraft;
  onCancel: () => void;
  onSave: (t: TaskDraft) => void;
}) {
  const translate = useTranslate();
  const [task, setTask] = useState(initial);
  const hasTag = (title: string) => task.tags.some((t) => t.title === title);
  const toggleTag = (title: string) =>
    setTask({
      ...task,
      tags: hasTag(title) ? task.tags.filter((t) => t.title !== title) : [...task.tags, { ...TASK_TAGS[title] }],
    });
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{translate(initial.id ? 'segra.apps.tasks.edit' : 'segra.apps.tasks.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('segra.apps.tasks.title')}
            value={task.title}
            onChange={(e) => setTask({ ...task, title: e.target.value })}
            required
            autoFocus
          />
          <TextField
            label={translate('segra.apps.tasks.detail')}
            value={task.detail}
            onChange={(e) => setTask({ ...task, detail: e.target.value })}
            multiline
            minRows={2}
          />
          <TextField
            select
            label={translate('segra.apps.tasks.status')}
            value={task.status}
            onChange={(e) => setTask({ ...task, status: e.target.value as Task['status'] })}
          >
            {(['Active', 'Done'] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {valueLabel(translate, 'task_status', s)}
              </MenuItem>
            ))}
          </TextField>
          <FormGroup>
            <FormLabel>{translate('segra.apps.tasks.tags')}</FormLabel>
            {Object.keys(TASK_TAGS).map((title) => (
              <FormControlLabel
                key={title}
                control={<Checkbox checked={hasTag(title)} onChange={() => toggleTag(title)} />}
                label={valueLabel(translate, 'task_tag', title)}
              />
            ))}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button variant="contained" disabled={task.title.trim() === ''} onClick={() => onSave(task)}>
          {translate('segra.apps.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

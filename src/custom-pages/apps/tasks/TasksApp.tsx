import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Tooltip,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TASK_TAGS } from '../../../demo/apps-mock/sample-data/tasks.ts';
import type { Task } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { ConfirmDeleteDialog } from '../shared/ConfirmDialog.tsx';
import { getDemo, sendDemo } from '../shared/demo-api.ts';
import { valueLabel } from '../shared/labels.ts';
import { TaskDialog, emptyTask, type TaskDraft } from './TaskDialog.tsx';

type View = 'Active' | 'Done' | 'deleted';

const inView = (task: Task, view: View) => (view === 'deleted' ? task.deleted : !task.deleted && task.status === view);

/**
 * Tasks: Active and Done tabs, a tag filter, and a delete flag (spec section 4). Deleting sets
 * the flag with a whole-item PUT; only the deleted tab removes a task for good.
 */
export function TasksApp() {
  const translate = useTranslate();
  const [tasks, setTasks] = useState<Task[] | undefined>();
  const [view, setView] = useState<View>('Active');
  const [tag, setTag] = useState<string | undefined>();
  const [editing, setEditing] = useState<TaskDraft | undefined>();
  const [purging, setPurging] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getDemo<Task[]>('/apps/tasks').then(setTasks, () => setFailed(true));
  }, []);

  const put = async (task: Task) => setTasks(await sendDemo<Task[]>('PUT', '/apps/tasks', { item: task }));
  const save = async (task: TaskDraft) => {
    setEditing(undefined);
    setTasks(
      task.id
        ? await sendDemo<Task[]>('PUT', '/apps/tasks', { item: task })
        : await sendDemo<Task[]>('POST', '/apps/tasks', { item: task }),
    );
  };
  const purge = async (id: string) => {
    setPurging(undefined);
    setTasks(await sendDemo<Task[]>('DELETE', '/apps/tasks', { id }));
  };

  const shown = (tasks ?? []).filter((t) => inView(t, view) && (!tag || t.tags.some((x) => x.title === tag)));
  const count = (v: View) => (tasks ?? []).filter((t) => inView(t, v)).length;

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.tasks" />
      <Card>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2, pt: 1 }}>
          <Tabs value={view} onChange={(_, v: View) => setView(v)}>
            <Tab value="Active" label={`${translate('segra.apps.values.task_status.active')} (${count('Active')})`} />
            <Tab value="Done" label={`${translate('segra.apps.values.task_status.done')} (${count('Done')})`} />
            <Tab value="deleted" label={`${translate('segra.apps.tasks.deleted')} (${count('deleted')})`} />
          </Tabs>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(emptyTask)}>
            {translate('segra.apps.tasks.add')}
          </Button>
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ px: 2, py: 1, flexWrap: 'wrap' }}
          aria-label={translate('segra.apps.tasks.tags')}
        >
          <Chip
            label={translate('segra.apps.common.all')}
            color={tag ? 'default' : 'primary'}
            onClick={() => setTag(undefined)}
          />
          {Object.keys(TASK_TAGS).map((t) => (
            <Chip
              key={t}
              label={valueLabel(translate, 'task_tag', t)}
              color={tag === t ? 'primary' : 'default'}
              onClick={() => setTag(tag === t ? undefined : t)}
            />
          ))}
        </Stack>
        {failed && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
        <List aria-label={translate('segra.apps.menu.tasks')}>
          {shown.map((task) => (
            <ListItem
              key={task.id}
              divider
              secondaryAction={
                view === 'deleted' ? (
                  <>
                    <Tooltip title={translate('segra.apps.tasks.restore')}>
                      <IconButton
                        aria-label={translate('segra.apps.tasks.restore')}
                        onClick={() => put({ ...task, deleted: false })}
                      >
                        <RestoreFromTrashIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('segra.apps.tasks.delete_forever')}>
                      <IconButton
                        aria-label={translate('segra.apps.tasks.delete_forever')}
                        onClick={() => setPurging(task.id)}
                      >
                        <DeleteForeverIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                ) : (
                  <>
                    <Tooltip title={translate('segra.apps.common.edit')}>
                      <IconButton aria-label={translate('segra.apps.common.edit')} onClick={() => setEditing(task)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('segra.apps.common.delete')}>
                      <IconButton
                        aria-label={translate('segra.apps.common.delete')}
                        onClick={() => put({ ...task, deleted: true })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              }
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={task.status === 'Done'}
                  disabled={view === 'deleted'}
                  onChange={() => put({ ...task, status: task.status === 'Done' ? 'Active' : 'Done' })}
                  slotProps={{
                    input: { 'aria-label': translate('segra.apps.tasks.mark_done', { title: task.title }) },
                  }}
                />
              </ListItemIcon>
              <ListItemText
                primary={task.title}
                secondary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                    <span>{task.detail}</span>
                    {task.tags.map((t) => (
                      <Chip
                        key={t.title}
                        size="small"
                        label={valueLabel(translate, 'task_tag', t.title)}
                        sx={{ bgcolor: t.bg, color: '#fff' }}
                        component="span"
                      />
                    ))}
                  </Box>
                }
                sx={{ textDecoration: task.status === 'Done' ? 'line-through' : 'none' }}
              />
            </ListItem>
          ))}
          {tasks && shown.length === 0 && (
            <ListItem>
              <ListItemText primary={translate('segra.apps.common.no_data')} />
            </ListItem>
          )}
        </List>
      </Card>
      {editing && <TaskDialog initial={editing} onCancel={() => setEditing(undefined)} onSave={save} />}
      <ConfirmDeleteDialog
        open={purging !== undefined}
        onCancel={() => setPurging(undefined)}
        onConfirm={() => purging && purge(purging)}
      />
    </Box>
  );
}

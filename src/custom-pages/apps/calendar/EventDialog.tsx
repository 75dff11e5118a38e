import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CATEGORY_COLOURS } from '../../../demo/apps-mock/sample-data/events.ts';
import { EVENT_CATEGORIES, type CalendarEvent, type EventCategory } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';
import { isAllDay } from './calendar-dates.ts';

export type EventDraft = Omit<CalendarEvent, 'id'> & { id?: number };

interface Form {
  title: string;
  category: EventCategory;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  url: string;
}

function toForm(e: EventDraft): Form {
  const allDay = isAllDay(e);
  return {
    title: e.title,
    category: e.category,
    allDay,
    startDate: e.start.slice(0, 10),
    startTime: allDay ? '09:00' : e.start.slice(11, 16),
    endDate: e.end?.slice(0, 10) ?? '',
    endTime: e.end && !allDay ? e.end.slice(11, 16) : '',
    url: e.url ?? '',
  };
}

function toEvent(f: Form, id?: number): EventDraft {
  const event: EventDraft = {
    id,
    title: f.title.trim(),
    category: f.category,
    color: CATEGORY_COLOURS[f.category],
    start: f.allDay ? f.startDate : `${f.startDate}T${f.startTime || '00:00'}`,
  };
  if (f.endDate) event.end = f.allDay ? f.endDate : `${f.endDate}T${f.endTime || '00:00'}`;
  else if (!f.allDay && f.endTime) event.end = `${f.startDate}T${f.endTime}`;
  if (f.url.trim()) event.url = f.url.trim();
  return event;
}

interface Props {
  initial: EventDraft;
  onCancel: () => void;
  onSave: (e: EventDraft) => void;
  onDelete?: (e: EventDraft) => void;
}

/** Create, edit or delete an event. All-day ends are exclusive, as the calendar reads them. */
export function EventDialog({ initial, onCancel, onSave, onDelete }: Props) {
  const translate = useTranslate();
  const [form, setForm] = useState(() => toForm(initial));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm({ ...form, [key]: value });
  const draft = toEvent(form, initial.id);
  const endBeforeStart = draft.end !== undefined && draft.end < draft.start;
  const valid = form.title.trim() !== '' && /^\d{4}-\d{2}-\d{2}$/.test(form.startDate) && !endBeforeStart;

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>
        {translate(initial.id ? 'segra.apps.calendar.edit_event' : 'segra.apps.calendar.add_event')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('segra.apps.calendar.event_title')}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            required
            autoFocus
          />
          <TextField
            select
            label={translate('segra.apps.calendar.category')}
            value={form.category}
            onChange={(e) => set('category', e.target.value as EventCategory)}
          >
            {EVENT_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {valueLabel(translate, 'event_category', c)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={form.allDay} onChange={(e) => set('allDay', e.target.checked)} />}
            label={translate('segra.apps.calendar.all_day')}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              type="date"
              label={translate('segra.apps.calendar.start_date')}
              value={form.startDate}
              onChange={(e) => set('startDate', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
              required
            />
            {!form.allDay && (
              <TextField
                type="time"
                label={translate('segra.apps.calendar.start_time')}
                value={form.startTime}
                onChange={(e) => set('startTime', e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            )}
          </Stack>
          <Stack direction="row" spacing={1}>
            <TextField
              type="date"
              label={translate('segra.apps.calendar.end_date')}
              value={form.endDate}
              onChange={(e) => set('endDate', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
              error={endBeforeStart}
              helperText={endBeforeStart ? translate('segra.apps.calendar.end_before_start') : ' '}
            />
            {!form.allDay && (
              <TextField
                type="time"
                label={translate('segra.apps.calendar.end_time')}
                value={form.endTime}
                onChange={(e) => set('endTime', e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
                helperText=" "
              />
            )}
          </Stack>
          <TextField
            label={translate('segra.apps.calendar.url')}
            type="url"
            value={form.url}
            onChange={(e) => set('url', e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {onDelete && initial.id !== undefined && (
          <Button color="error" onClick={() => onDelete(draft)} sx={{ mr: 'auto' }}>
            {translate('segra.apps.common.delete')}
          </Button>
        )}
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onSave(draft)}>
          {translate('segra.apps.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

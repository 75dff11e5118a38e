import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { CATEGORY_COLOURS } from '../../../demo/apps-mock/sample-data/events.ts';
import { EVENT_CATEGORIES, type CalendarEvent, type EventCategory } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { getDemo, sendDemo } from '../shared/demo-api.ts';
import { valueLabel } from '../shared/labels.ts';
import { addDays, isoDate, monthGrid, weekDays } from './calendar-dates.ts';
import { CalendarGrid } from './CalendarGrid.tsx';
import { EventDialog, type EventDraft } from './EventDialog.tsx';

type View = 'month' | 'week';

/** Calendar: month and week views; events created, edited and deleted by category. */
export function CalendarApp() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [view, setView] = useState<View>('month');
  const [cursor, setCursor] = useState(() => new Date());
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [shown, setShown] = useState<EventCategory[]>([...EVENT_CATEGORIES]);
  const [editing, setEditing] = useState<EventDraft | undefined>();
  const [failed, setFailed] = useState(false);

  const days = useMemo(() => (view === 'month' ? monthGrid(cursor) : weekDays(cursor)), [view, cursor]);
  const startStr = isoDate(days[0]);
  const endStr = isoDate(addDays(days[days.length - 1], 1));

  useEffect(() => {
    let live = true;
    // The spec's path for events is /app/apps/events, with the visible range in the query.
    getDemo<CalendarEvent[]>('/app/apps/events', { startStr, endStr }).then(
      (list) => live && setEvents(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [startStr, endStr]);

  const step = (n: number) =>
    setCursor((c) => (view === 'month' ? new Date(c.getFullYear(), c.getMonth() + n, 1) : addDays(c, 7 * n)));
  // Writes answer the full list; the grid only draws the days on screen.
  const save = async (e: EventDraft) => {
    setEditing(undefined);
    setEvents(await sendDemo<CalendarEvent[]>(e.id === undefined ? 'POST' : 'PUT', '/app/apps/events', { item: e }));
  };
  const remove = async (e: EventDraft) => {
    setEditing(undefined);
    setEvents(await sendDemo<CalendarEvent[]>('DELETE', '/app/apps/events', { id: e.id }));
  };
  const newEvent = (day: Date): EventDraft => ({ title: '', start: isoDate(day), category: 'Work' });

  const heading =
    view === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(cursor)
      : `${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(days[0])} – ${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(days[6])}`;
  const toggle = (c: EventCategory) => setShown((s) => (s.includes(c) ? s.filter((x) => x !== c) : [...s, c]));

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.calendar" />
      {failed && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
      <Card sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Tooltip title={translate('segra.apps.calendar.previous')}>
            <IconButton aria-label={translate('segra.apps.calendar.previous')} onClick={() => step(-1)}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Button onClick={() => setCursor(new Date())}>{translate('segra.apps.calendar.today')}</Button>
          <Tooltip title={translate('segra.apps.calendar.next')}>
            <IconButton aria-label={translate('segra.apps.calendar.next')} onClick={() => step(1)}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h6" component="h2" sx={{ flex: 1, textTransform: 'capitalize' }}>
            {heading}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: View | null) => v && setView(v)}>
            <ToggleButton value="month">{translate('segra.apps.calendar.month')}</ToggleButton>
            <ToggleButton value="week">{translate('segra.apps.calendar.week')}</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(newEvent(new Date()))}>
            {translate('segra.apps.calendar.add_event')}
          </Button>
        </Box>
        <FormGroup row sx={{ mb: 1 }} aria-label={translate('segra.apps.calendar.category')}>
          {EVENT_CATEGORIES.map((c) => (
            <FormControlLabel
              key={c}
              control={
                <Checkbox
                  checked={shown.includes(c)}
                  onChange={() => toggle(c)}
                  sx={{ color: CATEGORY_COLOURS[c], '&.Mui-checked': { color: CATEGORY_COLOURS[c] } }}
                />
              }
              label={valueLabel(translate, 'event_category', c)}
            />
          ))}
        </FormGroup>
        <CalendarGrid
          days={days}
          month={view === 'month' ? cursor : undefined}
          events={events.filter((e) => shown.includes(e.category))}
          locale={locale}
          onDay={(d) => setEditing(newEvent(d))}
          onEvent={(e) => setEditing(e)}
        />
      </Card>
      {editing && (
        <EventDialog initial={editing} onCancel={() => setEditing(undefined)} onSave={save} onDelete={remove} />
      )}
    </Box>
  );
}

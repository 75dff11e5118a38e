import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CalendarEvent } from '../../../demo/apps-mock/types.ts';
import { eventsOn, isoDate, sameDay } from './calendar-dates.ts';
import { EventChip } from './EventChip.tsx';

interface Props {
  days: Date[];
  /** The month being shown (month view): days outside it are dimmed. */
  month?: Date;
  events: readonly CalendarEvent[];
  locale: string;
  onDay: (day: Date) => void;
  onEvent: (e: CalendarEvent) => void;
}

/**
 * A 7-column grid of day cells: six rows for the month view, one tall row for the week view.
 * Clicking a cell adds an event on that day; clicking an event edits it.
 */
export function CalendarGrid({ days, month, events, locale, onDay, onEvent }: Props) {
  const translate = useTranslate();
  const weekday = new Intl.DateTimeFormat(locale, { weekday: month ? 'short' : 'long' });
  const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  const today = new Date();
  const weekView = !month;
  return (
    <Box role="grid" aria-label={translate('segra.apps.menu.calendar')}>
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
        {days.slice(0, 7).map((d) => (
          <Box key={isoDate(d)} role="columnheader" sx={{ p: 1, textAlign: 'center', fontWeight: 600, fontSize: 13 }}>
            {weekday.format(d)}
            {weekView && <Box sx={{ fontWeight: 400 }}>{d.getDate()}</Box>}
          </Box>
        ))}
      </Box>
      {Array.from({ length: days.length / 7 }, (_, row) => (
        <Box key={row} role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
          {days.slice(row * 7, row * 7 + 7).map((d) => {
            const outside = month !== undefined && d.getMonth() !== month.getMonth();
            return (
              <Box
                key={isoDate(d)}
                role="gridcell"
                aria-label={dayLabel.format(d)}
                data-date={isoDate(d)}
                onClick={() => onDay(d)}
                sx={{
                  minHeight: weekView ? 360 : 96,
                  border: 1,
                  borderColor: 'divider',
                  p: 0.5,
                  cursor: 'pointer',
                  bgcolor: outside ? 'action.hover' : undefined,
                  '&:hover': { bgcolor: 'action.selected' },
                }}
              >
                {!weekView && (
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{
                      textAlign: 'right',
                      fontWeight: sameDay(d, today) ? 700 : 400,
                      color: sameDay(d, today) ? 'primary.main' : outside ? 'text.disabled' : undefined,
                    }}
                  >
                    {d.getDate()}
                  </Typography>
                )}
                {eventsOn(events, d).map((e) => (
                  <EventChip key={e.id} event={e} onOpen={onEvent} />
                ))}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

import { Box } from '@mui/material';
import type { CalendarEvent } from '../../../demo/apps-mock/types.ts';
import { CATEGORY_COLOURS } from '../../../demo/apps-mock/sample-data/events.ts';
import { startTime } from './calendar-dates.ts';

/** One event in a day cell; a button, so it opens the editor from the keyboard too. */
export function EventChip({ event, onOpen }: { event: CalendarEvent; onOpen: (e: CalendarEvent) => void }) {
  const time = startTime(event);
  return (
    <Box
      component="button"
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      title={event.title}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        border: 0,
        borderRadius: 1,
        px: 0.5,
        py: 0.25,
        mb: 0.25,
        cursor: 'pointer',
        font: 'inherit',
        fontSize: 12,
        color: '#fff',
        bgcolor: event.color ?? CATEGORY_COLOURS[event.category],
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {time ? `${time} ` : ''}
      {event.title}
    </Box>
  );
}

import EventNoteIcon from '@mui/icons-material/EventNote';
import { lazyPage } from '../../routes/lazy-page.ts';

/** The screen loads lazily (with the spec's chunk timeout), so this index stays small. */
export const list = lazyPage(() => import('./SystemPeriods.tsx'));
export const icon = EventNoteIcon;

export default { list, icon };

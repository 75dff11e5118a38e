import TableChartIcon from '@mui/icons-material/TableChart';
import { lazyPage } from '../../routes/lazy-page.ts';

/** The screen loads lazily (with the spec's chunk timeout), so this index stays small. */
export const list = lazyPage(() => import('./SystemData.tsx'));
export const icon = TableChartIcon;

export default { list, icon };

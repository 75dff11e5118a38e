import StorageIcon from '@mui/icons-material/Storage';
import { lazyPage } from '../../routes/lazy-page.ts';

/** The screen loads lazily (with the spec's chunk timeout), so this index stays small. */
export const list = lazyPage(() => import('./SqlQueries.tsx'));
export const icon = StorageIcon;

export default { list, icon };

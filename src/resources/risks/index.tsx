import WarningIcon from '@mui/icons-material/Warning';
import { lazyPage } from '../../routes/lazy-page.ts';

/** The screen loads lazily (with the spec's chunk timeout), so this index stays small. */
export const list = lazyPage(() => import('./RiskData.tsx'));
export const icon = WarningIcon;

export default { list, icon };

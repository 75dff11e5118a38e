import RuleIcon from '@mui/icons-material/Rule';
import { lazyPage } from '../../routes/lazy-page.ts';

/** The screen loads lazily (with the spec's chunk timeout), so this index stays small. */
export const list = lazyPage(() => import('./RiskPeriods.tsx'));
export const icon = RuleIcon;

export default { list, icon };

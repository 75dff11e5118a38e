import { useDataProvider } from 'react-admin';
import type { SegraDataProvider } from './dataProvider.ts';

/** react-admin's data provider (with its auth error handling) typed with Segra's own methods. */
export const useSegraDataProvider = (): SegraDataProvider => useDataProvider<SegraDataProvider>();

import { lazyPage } from '../../routes/lazy-page.ts';

/**
 * The data-quality view of a system period (issue 13 item 4): a sub-path of the system period
 * screen, so it is guarded by that screen's roles and page permission (route-table.ts).
 */
export const DATA_QUALITY_PATH = '/app/system/period/:id/data-quality';

export const dataQualityPath = (periodId: string): string => DATA_QUALITY_PATH.replace(':id', encodeURIComponent(periodId));

export const DataQualityPage = lazyPage(() => import('./DataQuality.tsx'));

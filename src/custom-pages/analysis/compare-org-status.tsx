import type { Column } from '../../resources/common/ListTable.tsx';
import { FindingStatus } from '../../resources/findings/FindingStatus.tsx';

/** What a comparison row says of org values and status (DESIGN 5.15, rule 16; server/modules/reports/compare.ts). */
export interface ComparisonOrgStatus {
  leftOrgValues?: string[] | null;
  rightOrgValues?: string[] | null;
  orgValuesChanged?: boolean;
  leftFindingStatus?: string | null;
  rightFindingStatus?: string | null;
}

const orgText = (values: string[] | null | undefined): string => (values && values.length > 0 ? values.join('; ') : '—');

/**
 * The comparison's columns for org values (a finding held at other company codes is flagged)
 * and each side's finding status, appended to the comparison table's own columns.
 */
export function comparisonOrgStatusColumns<T extends ComparisonOrgStatus>(): Column<T>[] {
  return [
    { key: 'leftOrgValues', label: 'segra.org_status.left_org_values', render: (r) => orgText(r.leftOrgValues) },
    { key: 'rightOrgValues', label: 'segra.org_status.right_org_values', render: (r) => orgText(r.rightOrgValues) },
    { key: 'orgValuesChanged', label: 'segra.org_status.org_values_changed', render: (r) => (r.orgValuesChanged ? <span data-testid="org-values-changed">✔</span> : '') },
    { key: 'leftFindingStatus', label: 'segra.org_status.left_status', render: (r) => (r.leftFindingStatus ? <FindingStatus status={r.leftFindingStatus} /> : '—') },
    { key: 'rightFindingStatus', label: 'segra.org_status.right_status', render: (r) => (r.rightFindingStatus ? <FindingStatus status={r.rightFindingStatus} /> : '—') },
  ];
}

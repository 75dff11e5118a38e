import type { ReportFormat } from './format.ts';
import { REPORT_STRINGS, type ReportKey } from './report-strings.ts';

/** The words of a findings-list filter field (findingsResource.filterable, its alias and `q`, `id`). */
const FIELD: Record<string, ReportKey> = {
  level: 'filter_level',
  riskLevel: 'filter_riskLevel',
  status: 'filter_status',
  holder: 'filter_holder',
  holderExact: 'filter_holderExact',
  riskId: 'filter_riskId',
  riskType: 'filter_riskType',
  businessProcess: 'filter_businessProcess',
  accepted: 'filter_accepted',
  crossSystem: 'filter_crossSystem',
  execution: 'filter_execution',
  q: 'filter_q',
  id: 'filter_id',
};

/** A coded value in words, where the report's catalogue has them; other values (risk ids, names) as they are. */
function valueWords(field: string, value: unknown, f: ReportFormat): string {
  const v = String(value);
  const known = (key: string): string | undefined => (Object.hasOwn(REPORT_STRINGS.en, key) ? f.t(key as ReportKey) : undefined);
  if (field === 'level') return known(`holder_${v}`) ?? v;
  if (field === 'riskLevel') return known(`risk_${v}`) ?? v;
  if (field === 'riskType') return known(`risk_type_${v}`) ?? v;
  if (field === 'execution') return known(`execution_${v}`) ?? v;
  if (field === 'status' && ['open', 'accepted', 'mitigated', 'deactivated'].includes(v)) return f.t(v as ReportKey);
  if ((field === 'accepted' || field === 'crossSystem') && typeof value === 'boolean') return f.t(value ? 'yes' : 'no');
  if (field === 'accepted' && (v === 'true' || v === 'false')) return f.t(v === 'true' ? 'yes' : 'no');
  return v;
}

/**
 * The findings list's filter as the report says it (issue 27): `Risk level: Critical, High;
 * Holder level: Role`. The analysis is the report's own and not repeated; a selection by id is
 * counted, not listed. A field the catalogue has no words for is named as it is, never dropped.
 */
export function filterWords(filter: Record<string, unknown>, f: ReportFormat): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || field === 'analysisId') continue;
    const label = field in FIELD ? f.t(FIELD[field]) : field;
    const values = Array.isArray(value) ? value : [value];
    if (field === 'id') out.push(`${label}: ${f.num(values.length)}`);
    else if (value === null) out.push(`${label}: —`);
    else out.push(`${label}: ${values.map((v) => valueWords(field, v, f)).join(', ')}`);
  }
  return out;
}

import HistoryIcon from '@mui/icons-material/History';
import { FunctionField, List, Pagination, SelectInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { CustomerAwareDatagrid } from '../common/CustomerColumn.tsx';
import { LocaleDateField } from '../common/fields.tsx';
import { NoData, PER_PAGE_OPTIONS } from '../common/ListPage.tsx';
import { NeedsCustomer } from '../common/NeedsCustomer.tsx';

const TITLE = 'segra.screens.reports_decision_trail';
const F = 'segra.mitigations.fields';
const ENTITIES = ['risk-acceptances', 'risk-deactivations', 'mitigating-controls', 'mitigations'];

/**
 * Who a change was for, in the UI's words: a mitigation's level (USER|ROLE) or an acceptance's
 * scope (global|user|role) as the API keeps them; an unknown value is shown as it is.
 */
function holderKind(d: Record<string, unknown>, translate: (key: string, options?: object) => string): string | undefined {
  if (typeof d.level === 'string') return translate(`segra.mitigations.level.${d.level}`, { _: d.level });
  if (typeof d.scope === 'string') return translate(`segra.analysis.scope.${d.scope}`, { _: d.scope });
  return undefined;
}

/** What the change was about, in a line: the risk, the holder, the control. */
function Summary({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const d = (record.detail ?? {}) as Record<string, unknown>;
  const parts = [d.controlId, d.riskId, holderKind(d, translate), d.holder, d.validTo ? `→ ${String(d.validTo)}` : null, d.message ?? d.reason]
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map(String);
  return <span>{parts.join(' · ')}</span>;
}

/**
 * The decision audit trail (/app/reports/decision-trail, issue 16): every acceptance,
 * deactivation, control and mitigation change of the customer, deletions included, newest first.
 */
export function DecisionTrailList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="entity"
      source="entity"
      label={`${F}.entity`}
      alwaysOn
      choices={ENTITIES.map((id) => ({ id, name: translate(`segra.mitigations.trail.entities.${id}`) }))}
      translateChoice={false}
    />,
  ];
  return (
    <>
      <NeedsCustomer />
      <List
        title={TITLE}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} />}
        empty={false}
        exporter={false}
        actions={false}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
      >
        <CustomerAwareDatagrid bulkActionButtons={false} rowClick={false} empty={<NoData />}>
          <LocaleDateField source="createdAt" label={`${F}.time`} sortable={false} />
          <FunctionField label={`${F}.action`} render={(r: RaRecord) => translate(`segra.mitigations.trail.actions.${r.action}`, { _: r.action })} />
          <FunctionField label={`${F}.entity`} render={(r: RaRecord) => translate(`segra.mitigations.trail.entities.${r.entity}`, { _: r.entity })} />
          <FunctionField label={`${F}.detail`} render={(r: RaRecord) => <Summary record={r} />} />
          <TextField source="actorEmail" label={`${F}.actor`} sortable={false} />
        </CustomerAwareDatagrid>
      </List>
    </>
  );
}

export default { list: DecisionTrailList, icon: HistoryIcon };

import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Column, EmbeddedList } from '../common/EmbeddedList.tsx';
import { RESOURCES } from '../resource-names.ts';
import { FunctionDetail } from './FunctionDialog.tsx';
import type { FunctionRecord } from './function-form.ts';
import { DeleteRowButton } from '../common/DeleteRowButton.tsx';

const RESOURCE = RESOURCES.functions.name;

function FunctionActions({ row, onEdit }: { row: FunctionRecord; onEdit: (f: FunctionRecord) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Button size="small" onClick={() => onEdit(row)}>{translate('segra.analysis.common.edit')}</Button>
      <DeleteRowButton resource={RESOURCE} row={row} errorKey="segra.analysis.errors.function_delete" />
    </>
  );
}

/** The row's detail: the function's actions and permission lines. */
function Detail() {
  const f = useRecordContext<FunctionRecord>();
  return f ? <FunctionDetail f={f} /> : null;
}

/**
 * A risk period's functions (on /app/risk/modules beside its risks): actions and permission
 * lines, opened by a click on the row; edit and delete each.
 */
export function FunctionList({ riskPeriodId, onEdit }: { riskPeriodId: string; onEdit: (f: FunctionRecord) => void }) {
  return (
    <EmbeddedList<FunctionRecord> key={riskPeriodId} resource={RESOURCE} testId="functions" filter={{ riskPeriodId }} sort={{ field: 'functionId', order: 'ASC' }} expand={<Detail />}>
      <Column<FunctionRecord> source="functionId" label="segra.analysis.fields.function_id" render={(f) => f.functionId} />
      <Column<FunctionRecord> label="segra.analysis.fields.description" sortable={false} render={(f) => f.description} />
      <Column<FunctionRecord> source="businessProcess" label="segra.analysis.fields.business_process" render={(f) => f.businessProcess} />
      <Column<FunctionRecord>
        label="segra.analysis.risk_data.actions"
        sortable={false}
        render={(f) => f.actions.map((a) => a.action).slice(0, 6).join(', ') + (f.actions.length > 6 ? ' …' : '')}
      />
      <Column<FunctionRecord> label="segra.analysis.risk_data.permissions" sortable={false} textAlign="right" render={(f) => f.permissions.length} />
      <Column<FunctionRecord> label="segra.analysis.common.actions" sortable={false} textAlign="right" stopClick render={(f) => <FunctionActions row={f} onEdit={onEdit} />} />
    </EmbeddedList>
  );
}

import type { Identifier, RaRecord } from 'react-admin';
import { useNotify, useRefresh } from 'react-admin';
import { ConfirmButton, useApiError } from '../../custom-pages/analysis/components.tsx';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';

/**
 * A row's delete: after the confirmation, the dataProvider's delete, then the list refreshed;
 * a refusal is said in the screen's words (`errorKey`). One place for every row of the
 * analysis-area resources (periods, risks, functions, stored queries).
 */
export function DeleteRowButton({ resource, row, errorKey, disabled }: { resource: string; row: RaRecord<Identifier>; errorKey: string; disabled?: boolean }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  return (
    <ConfirmButton
      label="segra.analysis.common.delete"
      title="segra.analysis.common.delete_title"
      disabled={disabled}
      onConfirm={async () => {
        try {
          await dataProvider.delete(resource, { id: row.id, previousData: row });
          notify('segra.analysis.common.deleted', { type: 'info' });
          refresh();
        } catch (e) {
          apiError(e, errorKey);
        }
      }}
    />
  );
}

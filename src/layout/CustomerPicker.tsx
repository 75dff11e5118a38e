import { MenuItem, TextField } from '@mui/material';
import { useEffect, useSyncExternalStore } from 'react';
import { useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorText } from '../custom-pages/analysis/api.ts';
import { getActiveCustomer, setActiveCustomer, subscribeActiveCustomer } from '../providers/customer-scope.ts';
import { httpClient } from '../providers/httpClient.ts';
import { RESOURCES } from '../resources/resource-names.ts';

/** Tells the server the choice, which it keeps for the user's next login (issue 27). */
const keepChoice = (customerId: string | null) =>
  httpClient('/api/auth/active-customer', { method: 'PUT', body: JSON.stringify({ customerId }) });

/**
 * The SuperAdmin's active customer (DESIGN 6): chosen here, sent as X-Customer-Id and kept by
 * the server for the next login. Changing it refetches every query so lists show the new
 * customer's records.
 */
export function CustomerPicker() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const active = useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
  const { data = [], isPending } = useGetList(RESOURCES.customers.name, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });

  // A customer deleted meanwhile (or from another session) is no longer a valid choice.
  useEffect(() => {
    if (!isPending && active && !data.some((c) => c.id === active)) setActiveCustomer(null);
  }, [isPending, active, data]);

  return (
    <TextField
      select
      size="small"
      label={translate('segra.layout.active_customer')}
      value={data.some((c) => c.id === active) ? active : ''}
      onChange={(e) => {
        const chosen = e.target.value || null;
        setActiveCustomer(chosen);
        refresh();
        // The choice holds for this visit either way; only its keeping for the next login failed.
        keepChoice(chosen).catch((error: unknown) => notify(errorText(error, translate, 'segra.layout.active_customer_not_kept'), { type: 'warning' }));
      }}
      sx={{ minWidth: { xs: 120, md: 200 }, bgcolor: 'background.paper', borderRadius: 1 }}
      slotProps={{ select: { 'data-testid': 'customer-picker' } as object }}
    >
      <MenuItem value="">
        <em>{translate('segra.layout.all_customers')}</em>
      </MenuItem>
      {data.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

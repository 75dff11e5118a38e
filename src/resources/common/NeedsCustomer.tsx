import { Alert } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { currentViewer } from '../../providers/authProvider.ts';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';

/** Tells a SuperAdmin without an active customer that records are created in the chosen customer (DESIGN 6). */
export function NeedsCustomer() {
  const translate = useTranslate();
  const active = useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
  if (currentViewer()?.role !== 'SuperAdmin' || active) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="needs-customer">
      {translate('segra.layout.choose_customer')}
    </Alert>
  );
}

import { Children, isValidElement, type ReactNode } from 'react';
import { Datagrid, ReferenceField, TextField, useListContext, type DatagridProps } from 'react-admin';
import { useActiveCustomer } from '../../custom-pages/analysis/components.tsx';
import { currentViewer } from '../../providers/authProvider.ts';
import { RESOURCES } from '../resource-names.ts';

/**
 * Whether a list names each row's customer (issue 27): a SuperAdmin who chose "all customers"
 * (no active customer, DESIGN 6) is shown every customer's records, so a record that carries its
 * customer says whose it is. With a customer chosen, or for a customer's own users, every row is
 * that customer's and the column would repeat it.
 */
export function useShowsCustomers(records: readonly object[] | undefined): boolean {
  const active = useActiveCustomer();
  return currentViewer()?.role === 'SuperAdmin' && !active && (records ?? []).some((r) => 'customerId' in r);
}

/**
 * The row's customer by name, for a Datagrid column or a record context. `label` and `sortable`
 * are read by the Datagrid's header from the element.
 */
export function CustomerField(_props: { label?: string; sortable?: boolean }) {
  return (
    <ReferenceField source="customerId" reference={RESOURCES.customers.name} link={false} emptyText="—">
      <TextField source="name" />
    </ReferenceField>
  );
}

/** A list's Datagrid columns with the customer column first when `useShowsCustomers` says so (unless the list has its own). */
export function useWithCustomerColumn(children: ReactNode): ReactNode {
  const { data } = useListContext();
  const own = Children.toArray(children).some((c) => isValidElement<{ source?: string }>(c) && c.props.source === 'customerId');
  const shows = useShowsCustomers(data);
  return shows && !own ? [<CustomerField key="customer" label="segra.fields.customer" sortable={false} />, ...Children.toArray(children)] : children;
}

/** react-admin's Datagrid with the customer column of `useWithCustomerColumn`: every resource list draws its rows with it. */
export function CustomerAwareDatagrid({ children, ...props }: DatagridProps) {
  return <Datagrid {...props}>{useWithCustomerColumn(children)}</Datagrid>;
}

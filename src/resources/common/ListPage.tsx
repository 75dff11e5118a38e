import { Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { CreateButton, List, Pagination, SearchInput, TopToolbar, useCanAccess, useResourceContext, useTranslate } from 'react-admin';
import { CustomerAwareDatagrid } from './CustomerColumn.tsx';

/** Entries-per-page choices of every list (spec 9 names the option, not the values). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100];

/** "No data to display" (spec 8), for an empty list and an empty filtered list alike. */
export function NoData() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3 }} color="text.secondary" data-testid="no-data">
      {translate('segra.list.no_data')}
    </Typography>
  );
}

function Actions({ canCreate }: { canCreate: boolean }) {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource: resource!, action: 'create' });
  return <TopToolbar>{canCreate && canAccess && <CreateButton />}</TopToolbar>;
}

const SEARCH = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * A resource list as every CRUD screen shows it: title from the route table, entries per page,
 * no data message, no bulk actions (every delete goes through its own confirmation).
 */
export function ListPage({
  title,
  children,
  canCreate = true,
  rowClick = 'edit',
  aside,
  searchable = true,
}: {
  title: string;
  children: ReactNode;
  canCreate?: boolean;
  rowClick?: 'edit' | false;
  aside?: ReactElement;
  /** A free-text search box (the API's `q` filter); off where the API has none. */
  searchable?: boolean;
}) {
  return (
    <List
      title={title}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} />}
      empty={false}
      exporter={false}
      actions={<Actions canCreate={canCreate} />}
      aside={aside}
      filters={searchable ? SEARCH : undefined}
    >
      <CustomerAwareDatagrid bulkActionButtons={false} rowClick={rowClick} empty={<NoData />}>
        {children}
      </CustomerAwareDatagrid>
    </List>
  );
}

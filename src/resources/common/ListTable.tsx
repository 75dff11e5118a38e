import { Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { Fragment, useState, type ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { CustomerField, useShowsCustomers } from './CustomerColumn.tsx';
import { ListFrame, type ListFrameProps } from './ListFrame.tsx';
import { NoData } from './ListPage.tsx';

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

interface RowsProps<T> {
  columns: Column<T>[];
  rowActions?: (row: T, reload: () => void) => ReactNode;
  expand?: (row: T) => ReactNode;
}

const CUSTOMER_COLUMN: Column<RaRecord> = {
  key: 'customerId',
  label: 'segra.fields.customer',
  render: (row) => (
    <RecordContextProvider value={row}>
      <CustomerField />
    </RecordContextProvider>
  ),
};

/** The list context's rows as a table whose first cell is the first column. */
function Rows<T extends { id: Identifier }>({ columns: own, rowActions, expand }: RowsProps<T>) {
  const translate = useTranslate();
  const list = useListContext();
  const [open, setOpen] = useState<Identifier | null>(null);
  const rows = list.data as T[] | undefined;
  // Each row's customer first while a SuperAdmin sees every customer's records (CustomerColumn).
  const columns = useShowsCustomers(rows) ? [CUSTOMER_COLUMN as Column<T>, ...own] : own;
  const reload = () => void list.refetch();
  const toggleSort = (key: string) =>
    list.setSort({ field: key, order: list.sort.field === key && list.sort.order === 'ASC' ? 'DESC' : 'ASC' });
  const span = columns.length + (rowActions ? 1 : 0);
  return (
    <>
      {list.isPending && !list.error && <LinearProgress sx={{ mb: 1 }} />}
      {rows && rows.length === 0 && !list.isFetching && <NoData />}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.sortable ? (
                      <TableSortLabel
                        active={list.sort.field === c.key}
                        direction={list.sort.field === c.key && list.sort.order === 'DESC' ? 'desc' : 'asc'}
                        onClick={() => toggleSort(c.key)}
                      >
                        {translate(c.label, { _: c.label })}
                      </TableSortLabel>
                    ) : (
                      translate(c.label, { _: c.label })
                    )}
                  </TableCell>
                ))}
                {rowActions && <TableCell align="right">{translate('segra.analysis.common.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <Fragment key={row.id}>
                  <TableRow
                    hover
                    data-testid="analysis-row"
                    onClick={expand ? () => setOpen((o) => (o === row.id ? null : row.id)) : undefined}
                    sx={expand ? { cursor: 'pointer' } : undefined}
                  >
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align}>
                        {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                      </TableCell>
                    ))}
                    {rowActions && (
                      <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                        {rowActions(row, reload)}
                      </TableCell>
                    )}
                  </TableRow>
                  {expand && open === row.id && (
                    <TableRow>
                      <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
                        {expand(row)}
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}

/**
 * A list (ListFrame: the screens' one list machinery) drawn as columns given as data, for
 * screens whose cells are named by position: sortable headers, row actions and a detail row
 * that opens on a click. Its rows carry `data-testid="analysis-row"` and the first cell is the
 * first column: the Datagrid's expand column (EmbeddedList) would shift every cell the screens
 * and their tests name.
 */
export function ListTable<T extends { id: Identifier }>({
  columns,
  rowActions,
  expand,
  defaultSort,
  ...frame
}: RowsProps<T> &
  Omit<ListFrameProps<T>, 'sort'> & {
    defaultSort?: [string, 'ASC' | 'DESC'];
  }) {
  return (
    <ListFrame<T> {...frame} sort={defaultSort ? { field: defaultSort[0], order: defaultSort[1] } : undefined}>
      <Rows<T> columns={columns} rowActions={rowActions} expand={expand} />
    </ListFrame>
  );
}

import { Box } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, DatagridBody, DatagridRow, useListContext, useRecordContext, type RaRecord } from 'react-admin';
import { ListFrame, type ListFrameProps } from './ListFrame.tsx';
import { NoData } from './ListPage.tsx';

/**
 * A column of an embedded list drawn by `render` from its record. Datagrid reads `label`
 * (a catalogue key), `source` (what a click on the header sorts by), `sortable` and
 * `textAlign` for the header.
 */
export function Column<T extends RaRecord = RaRecord>({
  render,
  stopClick = false,
}: {
  render: (record: T) => ReactNode;
  label: string;
  source?: string;
  sortable?: boolean;
  textAlign?: 'left' | 'right' | 'center';
  /** Clicks inside do not reach the row (its buttons must not open the row's detail). */
  stopClick?: boolean;
}) {
  const record = useRecordContext<T>();
  if (!record) return null;
  return stopClick ? (
    <Box component="span" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {render(record)}
    </Box>
  ) : (
    <>{render(record)}</>
  );
}

/** The list context's records in react-admin's Datagrid, each row `analysis-row`. */
function Rows({ expand, children }: { expand?: ReactElement; children: ReactNode }) {
  const { error } = useListContext();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={expand ? 'expand' : false}
        expand={expand}
        empty={error ? null : <NoData />}
        body={<DatagridBody row={<DatagridRow data-testid="analysis-row" />} />}
        size="small"
      >
        {children}
      </Datagrid>
    </Box>
  );
}

/**
 * A resource's list inside a screen (ListFrame: the screens' one list machinery) drawn by
 * react-admin's Datagrid from `Column` children, with a record's detail (`expand`) opened by
 * a click on its row.
 */
export function EmbeddedList<T extends RaRecord = RaRecord>({
  expand,
  children,
  ...frame
}: ListFrameProps<T> & {
  /** A record's detail, opened by a click on its row. */
  expand?: ReactElement;
  children: ReactNode;
}) {
  return (
    <ListFrame<T> {...frame}>
      <Rows expand={expand}>{children}</Rows>
    </ListFrame>
  );
}

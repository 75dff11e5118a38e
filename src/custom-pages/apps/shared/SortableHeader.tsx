import { TableCell, TableSortLabel } from '@mui/material';
import type { SortKey } from '../../../demo/apps-mock/types.ts';

/** A column header that sorts by its field; the demo calls sort by one key at a time. */
export function SortableHeader({
  id,
  label,
  sort,
  onSort,
}: {
  id: string;
  label: string;
  sort?: SortKey;
  onSort: (id: string) => void;
}) {
  const active = sort?.id === id;
  return (
    <TableCell sortDirection={active ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={active} direction={active && sort.desc ? 'desc' : 'asc'} onClick={() => onSort(id)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

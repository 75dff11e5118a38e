import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAGE_SIZES } from './usePagedDemo.ts';

interface Props {
  pageSize: number;
  pageIndex: number;
  pageCount: number;
  onPageSize: (n: number) => void;
  onPageIndex: (n: number) => void;
}

/** "Entries per page" (spec section 9) and page buttons; pages are zero-based in the calls. */
export function PagedControls({ pageSize, pageIndex, pageCount, onPageSize, onPageIndex }: Props) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {translate('segra.apps.common.entries_per_page')}
        </Typography>
        <TextField
          select
          size="small"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          slotProps={{ htmlInput: { 'aria-label': translate('segra.apps.common.entries_per_page') } }}
        >
          {PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Pagination
        count={pageCount}
        page={pageIndex + 1}
        onChange={(_, p) => onPageIndex(p - 1)}
        color="primary"
        getItemAriaLabel={(type, page) =>
          type === 'page' ? translate('segra.apps.common.page', { page }) : translate(`segra.apps.common.${type}_page`)
        }
      />
    </Box>
  );
}

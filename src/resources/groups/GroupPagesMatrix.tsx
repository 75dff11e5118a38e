import { Box, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { GRANTABLE_PAGES, normalisePage, type GroupPage } from './group-pages.ts';

export const PAGE_FLAGS = ['add', 'update', 'delete', 'view'] as const;
export type PageFlag = (typeof PAGE_FLAGS)[number];

/** The pages of a group with one flag set or cleared; a page left with no flag is dropped. */
export function setPageFlag(pages: readonly Partial<GroupPage>[], page: string, flag: PageFlag, on: boolean): GroupPage[] {
  const current = pages.map(normalisePage);
  const existing = current.find((p) => p.page === page) ?? normalisePage({ page });
  const next = { ...existing, [flag]: on };
  const others = current.filter((p) => p.page !== page);
  const kept = PAGE_FLAGS.some((f) => next[f]) ? [...others, next] : others;
  return kept.sort((a, b) => a.page.localeCompare(b.page));
}

/** Every grantable page with one flag set or cleared at once (a column's header box). */
export function setColumn(pages: readonly Partial<GroupPage>[], flag: PageFlag, on: boolean): GroupPage[] {
  return GRANTABLE_PAGES.reduce<GroupPage[]>((acc, p) => setPageFlag(acc, p.id, flag, on), pages.map(normalisePage));
}

/**
 * A group's page permissions as one matrix (issue 15 item 9): a row per grantable page, a
 * column per flag (add, update, delete, only view); saved with the form, at once.
 */
export function GroupPagesMatrix({ source = 'pages' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const pages = (Array.isArray(field.value) ? field.value : []) as Partial<GroupPage>[];
  const flagOf = (page: string, flag: PageFlag) => Boolean(pages.find((p) => p.page === page)?.[flag]);
  const columnState = (flag: PageFlag) => {
    const n = GRANTABLE_PAGES.filter((p) => flagOf(p.id, flag)).length;
    return { all: n === GRANTABLE_PAGES.length, some: n > 0 && n < GRANTABLE_PAGES.length };
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 760, mt: 1 }} data-testid="group-pages-matrix">
      <Typography variant="subtitle1">{translate('segra.fields.pages')}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& td, & th': { py: 0 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('segra.fields.page')}</TableCell>
              {PAGE_FLAGS.map((flag) => {
                const { all, some } = columnState(flag);
                return (
                  <TableCell key={flag} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    <Checkbox
                      size="small"
                      checked={all}
                      indeterminate={some}
                      onChange={(e) => field.onChange(setColumn(pages, flag, e.target.checked))}
                      slotProps={{ input: { 'aria-label': `${translate(`segra.permissions.${flag}`)}: ${translate('segra.groups.all_pages')}` } }}
                    />
                    {translate(`segra.permissions.${flag}`)}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {GRANTABLE_PAGES.map((p) => (
              <TableRow key={p.id} hover data-testid="group-page-row">
                <TableCell>{translate(p.name)}</TableCell>
                {PAGE_FLAGS.map((flag) => (
                  <TableCell key={flag} align="center">
                    <Checkbox
                      size="small"
                      checked={flagOf(p.id, flag)}
                      onChange={(e) => field.onChange(setPageFlag(pages, p.id, flag, e.target.checked))}
                      slotProps={{ input: { 'aria-label': `${translate(p.name)}: ${translate(`segra.permissions.${flag}`)}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

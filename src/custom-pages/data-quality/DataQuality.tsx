import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { SCOPE_REASONS, type DataQualitySummary, type ScopeReason, type ScopedUser } from '../../../contracts/data-quality.ts';
import { UserTypeText, useUserTypeOptions } from '../user-types/UserType.tsx';
import { userTypeToApi } from '../user-types/user-type-url.ts';
import { ImportWarnings } from '../../resources/system-periods/ImportWarnings.tsx';
import { formatDate, ScreenCard } from '../analysis/components.tsx';
import { intlLocale } from '../../resources/common/locale.ts';

type Scope = '' | 'in' | 'out';

const reasonKey = (r: ScopeReason): string => `segra.data_quality.reasons.${r.replaceAll('-', '_')}`;

/** Rows per SAP table of the last import: the tables with rows first, then the empty ones. */
function TableCounts({ tables }: { tables: DataQualitySummary['tables'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sorted = [...tables.filter((t) => t.rows > 0), ...tables.filter((t) => t.rows === 0)];
  return (
    <Table size="small" data-testid="data-quality-tables" sx={{ maxWidth: 360 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('segra.data_quality.table')}</TableCell>
          <TableCell align="right">{translate('segra.data_quality.rows')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sorted.map((t) => (
          <TableRow key={t.table} data-testid="data-quality-table-row">
            <TableCell>{t.table}</TableCell>
            <TableCell align="right" sx={{ color: t.rows === 0 ? 'text.disabled' : undefined }}>
              {t.rows.toLocaleString(intlLocale(locale))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The period's users, paged, with a filter by scope, reason and name. */
function ScopedUsers({ periodId, scope, setScope, reason, setReason }: { periodId: string; scope: Scope; setScope: (s: Scope) => void; reason: ScopeReason | ''; setReason: (r: ScopeReason | '') => void }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [order, setOrder] = useState<'ASC' | 'DESC'>('ASC');
  // The SAP user type (issue 27 item 6): a value of useUserTypeOptions ('' all, `unknown`).
  const [userType, setUserType] = useState('');
  const userTypeOptions = useUserTypeOptions();
  // A scope or reason picked above (the count chips) starts again at the first page.
  const [shown, setShown] = useState(`${scope}/${reason}`);
  if (shown !== `${scope}/${reason}`) {
    setShown(`${scope}/${reason}`);
    setPage(0);
  }
  const filter = { ...(scope ? { scope } : {}), ...(reason ? { reason } : {}), ...(userType ? { userType: [userTypeToApi(userType)] } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const { data, total, isPending, error } = useGetList<ScopedUser>(`system-periods/${periodId}/data-quality/users`, {
    pagination: { page: page + 1, perPage },
    sort: { field: 'bname', order },
    filter,
  });
  const reset = () => setPage(0);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={translate('segra.data_quality.filter.scope')}
          value={scope}
          onChange={(e) => (setScope(e.target.value as Scope), reset())}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'data-quality-scope' } }}
        >
          <MenuItem value="">{translate('segra.data_quality.filter.all')}</MenuItem>
          <MenuItem value="in">{translate('segra.data_quality.in_scope')}</MenuItem>
          <MenuItem value="out">{translate('segra.data_quality.out_of_scope')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={translate('segra.data_quality.filter.reason')}
          value={reason}
          onChange={(e) => (setReason(e.target.value as ScopeReason | ''), reset())}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('segra.data_quality.filter.any_reason')}</MenuItem>
          {SCOPE_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(reasonKey(r))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('segra.user_type.label')}
          value={userType}
          onChange={(e) => (setUserType(e.target.value), reset())}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'data-quality-user-type' } }}
        >
          <MenuItem value="">{translate('segra.user_type.all')}</MenuItem>
          {userTypeOptions.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('segra.data_quality.filter.search')} value={q} onChange={(e) => (setQ(e.target.value), reset())} />
      </Box>
      {isPending && <LinearProgress />}
      {error ? (
        <Alert severity="error">{translate('segra.data_quality.load_error')}</Alert>
      ) : (
        <Table size="small" data-testid="data-quality-users">
          <TableHead>
            <TableRow>
              <TableCell sortDirection={order === 'ASC' ? 'asc' : 'desc'}>
                <TableSortLabel active direction={order === 'ASC' ? 'asc' : 'desc'} onClick={() => (setOrder((o) => (o === 'ASC' ? 'DESC' : 'ASC')), reset())}>
                  {translate('segra.data_quality.columns.user')}
                </TableSortLabel>
              </TableCell>
              <TableCell>{translate('segra.user_type.label')}</TableCell>
              <TableCell>{translate('segra.data_quality.columns.scope')}</TableCell>
              <TableCell>{translate('segra.data_quality.columns.reasons')}</TableCell>
              <TableCell>{translate('segra.data_quality.columns.named_in')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((u) => (
              <TableRow key={u.id} data-testid="data-quality-user">
                <TableCell>{u.bname}</TableCell>
                <TableCell>
                  <UserTypeText type={u.userType ?? ''} />
                </TableCell>
                <TableCell>
                  <Chip size="small" color={u.inScope ? 'success' : 'default'} label={translate(u.inScope ? 'segra.data_quality.in_scope' : 'segra.data_quality.out_of_scope')} />
                </TableCell>
                <TableCell data-testid="data-quality-user-reasons">{u.reasons.map((r) => translate(reasonKey(r))).join(', ')}</TableCell>
                <TableCell>{u.namedIn.join(', ')}</TableCell>
              </TableRow>
            ))}
            {!isPending && (data ?? []).length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{translate('segra.data_quality.no_users')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => (setPerPage(Number(e.target.value)), reset())}
        labelRowsPerPage={translate('segra.data_quality.per_page')}
        labelDisplayedRows={({ from, to, count }) => translate('segra.data_quality.page_range', { from, to, count })}
      />
    </Box>
  );
}

/**
 * The data-quality view of a system period (issue 13 item 4, /app/system/period/:id/data-quality):
 * rows per table, the import's warnings, users in and out of scope with the reason for each.
 */
export default function DataQuality() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { id = '' } = useParams();
  const { data: period } = useGetOne<{ id: string; name: string }>('system-periods', { id });
  const { data: summary, isPending, error } = useGetOne<DataQualitySummary & { id: string }>(`system-periods/${id}`, { id: 'data-quality' });
  const [scope, setScope] = useState<Scope>('');
  const [reason, setReason] = useState<ScopeReason | ''>('');
  const pick = (s: Scope, r: ScopeReason | '') => {
    setScope(s);
    setReason(r);
  };
  return (
    <ScreenCard
      titleKey="segra.data_quality.title"
      actions={
        <Button component={Link} to="/app/system/period">
          {translate('segra.data_quality.back')}
        </Button>
      }
    >
      {isPending && <LinearProgress />}
      {error ? <Alert severity="error">{translate('segra.data_quality.load_error')}</Alert> : null}
      {summary && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Typography variant="body2" color="text.secondary" data-testid="data-quality-period">
            {translate('segra.data_quality.period', { name: period?.name ?? '', date: formatDate(summary.periodDate, intlLocale(locale)) })}
          </Typography>
          {summary.tables.every((t) => t.rows === 0) && <Alert severity="info">{translate('segra.data_quality.not_imported')}</Alert>}
          <Box component="section">
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('segra.data_quality.warnings_title')}
            </Typography>
            {summary.warnings.length === 0 ? (
              <Typography variant="body2" data-testid="data-quality-no-warnings">
                {translate('segra.data_quality.no_warnings')}
              </Typography>
            ) : (
              <ImportWarnings warnings={summary.warnings} defaultOpen />
            )}
          </Box>
          <Box component="section">
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('segra.data_quality.users_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('segra.data_quality.scope_note')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="data-quality-counts">
              <Chip label={translate('segra.data_quality.counts.in_usr02', { count: summary.users.inUsr02 })} onClick={() => pick('', '')} />
              <Chip color="success" label={translate('segra.data_quality.counts.in_scope', { count: summary.users.inScope })} onClick={() => pick('in', '')} data-testid="data-quality-in-scope" />
              <Chip color="warning" label={translate('segra.data_quality.counts.out_of_scope', { count: summary.users.outOfScope })} onClick={() => pick('out', '')} data-testid="data-quality-out-of-scope" />
              {SCOPE_REASONS.map((r) => (
                <Chip key={r} variant="outlined" label={`${translate(reasonKey(r))}: ${summary.users.byReason[r]}`} onClick={() => pick('out', r)} data-testid={`data-quality-reason-${r}`} />
              ))}
            </Box>
            <ScopedUsers periodId={id} scope={scope} setScope={setScope} reason={reason} setReason={setReason} />
          </Box>
          <Box component="section">
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('segra.data_quality.tables_title')}
            </Typography>
            <TableCounts tables={summary.tables} />
          </Box>
        </Box>
      )}
    </ScreenCard>
  );
}

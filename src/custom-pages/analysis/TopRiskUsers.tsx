import { Alert, Box, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { DEFAULT_TOP_USER_TYPES } from '../../../contracts/user-types.ts';
import { useNavigate } from 'react-router-dom';
import { NoData } from '../../resources/common/ListPage.tsx';
import { RESOURCES } from '../../resources/resource-names.ts';
import { useDefaultAnalysis } from '../../resources/analyses/DefaultAnalysis.tsx';
import { useDashboard, type Dashboard, type TopUser } from './dashboard-data.ts';
import { findingsListLink } from './findings-link.ts';
import { UserTypesSelect, UserTypeText } from '../user-types/UserType.tsx';

/** The table of the top 10 high-risk users (critical and high findings first); a row opens the user's findings. */
export function TopUsersTable({ users }: { users: TopUser[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  if (users.length === 0) return <NoData />;
  return (
    <Table size="small" data-testid="top-risk-users">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>{translate('segra.analysis.dashboard.user')}</TableCell>
          <TableCell>{translate('segra.analysis.dashboard.full_name')}</TableCell>
          <TableCell>{translate('segra.user_type.label')}</TableCell>
          <TableCell>{translate('segra.analysis.dashboard.department')}</TableCell>
          <TableCell align="right">{translate('segra.analysis.risk_level.CRITICAL')}</TableCell>
          <TableCell align="right">{translate('segra.analysis.risk_level.HIGH')}</TableCell>
          <TableCell align="right">{translate('segra.analysis.fields.findings')}</TableCell>
          <TableCell align="right">{translate('segra.analysis.findings.accepted')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((u, i) => (
          <TableRow
            key={u.holder}
            hover
            sx={{ cursor: 'pointer' }}
            data-testid="top-risk-user"
            onClick={() => navigate(findingsListLink({ level: 'USER', holderExact: u.holder }))}
          >
            <TableCell>{i + 1}</TableCell>
            <TableCell>{u.holder}</TableCell>
            <TableCell>{u.fullName || '—'}</TableCell>
            <TableCell>
              <UserTypeText type={u.userType ?? ''} />
            </TableCell>
            <TableCell>{u.department || '—'}</TableCell>
            <TableCell align="right">{u.critical}</TableCell>
            <TableCell align="right">{u.high}</TableCell>
            <TableCell align="right">{u.findings}</TableCell>
            <TableCell align="right">{u.accepted}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The top 10 with its user-type choice shown above it (issue 27 item 6: dialog users unless other
 * types are chosen), and how many high-risk users of other types it leaves out.
 */
export function TopUsersPanel({ data, userTypes, onUserTypes }: { data: Dashboard; userTypes: readonly string[]; onUserTypes: (types: string[]) => void }) {
  const translate = useTranslate();
  const others = data.topUsersOfOtherTypes ?? 0;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <UserTypesSelect value={userTypes} onChange={onUserTypes} testId="top-users-user-types" />
        {others > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="top-users-other-types">
            {translate('segra.user_type.other_types', { count: others })}
          </Typography>
        )}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <TopUsersTable users={data.topUsers} />
      </Box>
    </>
  );
}

/** The user types the top 10 counts, dialog users first (issue 27 item 6). */
export const useTopUserTypes = () => useState<string[]>([...DEFAULT_TOP_USER_TYPES]);

/**
 * The welcome page's top 10 high-risk users (spec 2): of the default analysis, or else of the
 * latest completed analysis.
 */
export default function TopRiskUsers() {
  const translate = useTranslate();
  const [current] = useDefaultAnalysis();
  // Without a default analysis, the latest completed one (customer changes refresh every list).
  const { data: latestRows, error: latestError } = useGetList<{ id: string; name: string }>(
    RESOURCES.analyses.name,
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'finishedAt', order: 'DESC' }, filter: { status: ['completed'] } },
    { enabled: !current },
  );
  // undefined while it is asked; null when there is none (or it could not be read).
  const latest = latestError ? null : latestRows ? (latestRows[0] ?? null) : undefined;
  const analysis = current ?? latest ?? null;
  const [userTypes, setUserTypes] = useTopUserTypes();
  const { data, error, loading } = useDashboard(analysis?.id ?? null, userTypes);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('segra.analysis.dashboard.top_users')}
        </Typography>
        {analysis && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
            {analysis.name}
          </Typography>
        )}
        {loading && <LinearProgress />}
        {error && <Alert severity="warning">{error}</Alert>}
        {!analysis && latest === null && <Alert severity="info">{translate('segra.analysis.default.required')}</Alert>}
        {data && <TopUsersPanel data={data} userTypes={userTypes} onUserTypes={setUserTypes} />}
      </CardContent>
    </Card>
  );
}

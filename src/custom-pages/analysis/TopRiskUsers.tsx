import { Alert, Box, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DEFAULT_TOP_USER_TYPES } from '../../../contracts/user-types.ts';
import { useNavigate } from 'react-router-dom';
import { NoData } from '../../resources/common/ListPage.tsx';
import { ShownAnalysisChip, useShownAnalysis } from '../../resources/analyses/ShownAnalysis.tsx';
import { errorText } from './api.ts';
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
 * The welcome page's top 10 high-risk users (spec 2) of the analysis shown, the same one as on
 * the risk analysis list and the dashboard (issue 27): the user's own choice, else the customer's
 * default; with neither, the spec's message and where to choose one.
 */
export default function TopRiskUsers() {
  const translate = useTranslate();
  const { answer, loaded, error: readError } = useShownAnalysis();
  const shown = answer?.shown ?? null;
  const [userTypes, setUserTypes] = useTopUserTypes();
  const { data, error, loading } = useDashboard(shown?.analysisId ?? null, userTypes);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('segra.analysis.dashboard.top_users')}
        </Typography>
        {shown && (
          <Box sx={{ mb: 1 }}>
            <ShownAnalysisChip shown={shown} />
          </Box>
        )}
        {(!loaded || loading) && <LinearProgress />}
        {readError ? <Alert severity="error">{errorText(readError, translate, 'segra.analysis.shown.load_failed')}</Alert> : null}
        {error && <Alert severity="warning">{error}</Alert>}
        {loaded && !readError && !shown && (
          <Alert severity="info" data-testid="shown-analysis-required">
            <div>{translate('segra.analysis.default.required')}</div>
            <div>{translate('segra.analysis.shown.home_how')}</div>
          </Alert>
        )}
        {data && <TopUsersPanel data={data} userTypes={userTypes} onUserTypes={setUserTypes} />}
      </CardContent>
    </Card>
  );
}

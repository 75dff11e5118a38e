import { Alert, Box, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NoData } from '../../resources/common/ListPage.tsx';
import { ShownAnalysisChip, useShownAnalysis } from '../../resources/analyses/ShownAnalysis.tsx';
import { errorText } from './api.ts';
import { useDashboard, type TopUser } from './dashboard-data.ts';
import { findingsListLink } from './findings-link.ts';

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
 * The welcome page's top 10 high-risk users (spec 2) of the analysis shown, the same one as on
 * the risk analysis list and the dashboard (issue 27): the user's own choice, else the customer's
 * default; with neither, the spec's message and where to choose one.
 */
export default function TopRiskUsers() {
  const translate = useTranslate();
  const { answer, loaded, error: readError } = useShownAnalysis();
  const shown = answer?.shown ?? null;
  const { data, error, loading } = useDashboard(shown?.analysisId ?? null);
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
        {data && (
          <Box sx={{ overflowX: 'auto' }}>
            <TopUsersTable users={data.topUsers} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

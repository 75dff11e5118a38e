import { Alert, Box, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NoData } from '../../resources/common/ListPage.tsx';
import { apiList } from './api.ts';
import { useDefaultAnalysis } from './DefaultAnalysis.tsx';
import { useActiveCustomer } from './components.tsx';
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
 * The welcome page's top 10 high-risk users (spec 2): of the default analysis, or else of the
 * latest completed analysis.
 */
export default function TopRiskUsers() {
  const translate = useTranslate();
  const [current] = useDefaultAnalysis();
  const customer = useActiveCustomer();
  const [latest, setLatest] = useState<{ id: string; name: string } | null | undefined>(undefined);
  useEffect(() => {
    if (current) return;
    let live = true;
    apiList<{ id: string; name: string }>('/api/analyses', { range: [0, 0], sort: ['finishedAt', 'DESC'], filter: { status: ['completed'] } })
      .then(({ rows }) => live && setLatest(rows[0] ?? null))
      .catch(() => live && setLatest(null));
    return () => {
      live = false;
    };
  }, [current, customer]);
  const analysis = current ?? latest ?? null;
  const { data, error, loading } = useDashboard(analysis?.id ?? null);
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
        {data && (
          <Box sx={{ overflowX: 'auto' }}>
            <TopUsersTable users={data.topUsers} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

import { Alert, Box, Card, CardContent, Grid, LinearProgress, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../resources/common/locale.ts';
import { ShownAnalysisGate } from '../../resources/analyses/ShownAnalysis.tsx';
import { formatDate, ScreenCard } from './components.tsx';
import { useDashboard, type Dashboard } from './dashboard-data.ts';
import { findingsListLink, type FindingsUrlFilter } from './findings-link.ts';
import { TopUsersPanel, useTopUserTypes } from './TopRiskUsers.tsx';
import { ExecutionPanel } from '../usage/ExecutionPanel.tsx';
import { OrgValuePanel } from './OrgValuePanel.tsx';
import { CrossSystemPanel } from './CrossSystemPanel.tsx';

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, colour, testId }: { label: string; value: number; colour?: string; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">{translate(label)}</Typography>
        <Typography variant="h4" sx={{ color: colour }} data-testid="stat-value">{new Intl.NumberFormat(intlLocale(locale)).format(value)}</Typography>
      </CardContent>
    </Card>
  );
}

/** The charts of one analysis; colours from the MUI theme's palette. */
export function DashboardView({
  data,
  userTypes,
  onUserTypes,
}: {
  data: Dashboard;
  /** The user types the top 10 counts, and their change (issue 27 item 6). */
  userTypes: readonly string[];
  onUserTypes: (types: string[]) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { palette } = useTheme();
  const navigate = useNavigate();
  // Every segment opens the findings list under the filter it stands for (issue 15 item 4).
  const open = (filter: FindingsUrlFilter) => navigate(findingsListLink(filter));
  const clickable = { cursor: 'pointer' };
  const levelColour: Record<string, string> = {
    CRITICAL: palette.error.main,
    HIGH: palette.warning.main,
    MEDIUM: palette.info.main,
    LOW: palette.success.main,
  };
  const riskRows = data.byRiskLevel.map((r) => ({ ...r, label: translate(`segra.analysis.risk_level.${r.riskLevel}`) }));
  const levelRows = data.byLevel.map((r) => ({ ...r, label: translate(`segra.analysis.holder_level.${r.level}`) }));
  const processRows = data.byBusinessProcess.slice(0, 15).map((r) => ({ ...r, label: r.businessProcess || '—', open: r.open ?? r.findings - r.accepted }));
  // Each finding by its status (issue 27): mitigated findings and those of deactivated risks are not open.
  const pie = [
    { status: 'accepted', name: translate('segra.analysis.findings.accepted'), value: data.acceptedVsOpen.accepted, fill: palette.success.main },
    { status: 'mitigated', name: translate('segra.mitigations.finding_status.mitigated'), value: data.acceptedVsOpen.mitigated ?? 0, fill: palette.info.main },
    { status: 'deactivated', name: translate('segra.mitigations.finding_status.deactivated'), value: data.acceptedVsOpen.deactivated ?? 0, fill: palette.grey[500] },
    { status: 'open', name: translate('segra.analysis.findings.open'), value: data.acceptedVsOpen.open, fill: palette.error.main },
  ].filter((p) => p.value > 0 || p.status === 'accepted' || p.status === 'open');
  const deactivated = data.totals.deactivated ?? 0;
  const statWidth = deactivated > 0 ? 3 : 4;
  // One point per period, labelled with the period's name and date.
  const trend = data.trend.map((t) => ({ ...t, label: `${t.systemPeriodName} (${formatDate(t.periodDate, intlLocale(locale))})` }));
  const accepted = translate('segra.analysis.findings.accepted');
  const openLabel = translate('segra.analysis.findings.open');
  const axis = { stroke: palette.text.secondary, fontSize: 12 };
  return (
    <Box data-testid="reports-dashboard">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('segra.analysis.dashboard.subtitle', { name: data.analysis.name, period: data.analysis.systemPeriodName, date: formatDate(data.analysis.analysisDate, intlLocale(locale)) })}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: statWidth }}><Stat label="segra.analysis.dashboard.total" value={data.totals.findings} testId="stat-total" /></Grid>
        <Grid size={{ xs: 12, sm: statWidth }}><Stat label="segra.analysis.findings.accepted" value={data.totals.accepted} colour={palette.success.main} testId="stat-accepted" /></Grid>
        {deactivated > 0 && (
          <Grid size={{ xs: 12, sm: statWidth }}><Stat label="segra.mitigations.finding_status.deactivated" value={deactivated} colour={palette.text.secondary} testId="stat-deactivated" /></Grid>
        )}
        <Grid size={{ xs: 12, sm: statWidth }}><Stat label="segra.analysis.findings.open" value={data.totals.open} colour={palette.error.main} testId="stat-open" /></Grid>
      </Grid>
      <Grid container spacing={2}>
        {data.systems && data.crossSystem && (
          <Grid size={{ xs: 12 }}>
            <CrossSystemPanel systems={data.systems} counts={data.crossSystem} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="segra.analysis.dashboard.by_risk_level" testId="dashboard-by-risk-level">
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={riskRows}>
                <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
                <XAxis dataKey="label" tick={axis} />
                <YAxis allowDecimals={false} tick={axis} />
                <Tooltip />
                <Bar dataKey="findings" name={translate('segra.analysis.fields.findings')} style={clickable} onClick={(_, i) => open({ riskLevel: riskRows[i].riskLevel })}>
                  {riskRows.map((r) => (
                    <Cell key={r.riskLevel} fill={levelColour[r.riskLevel] ?? palette.primary.main} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="segra.analysis.dashboard.accepted_vs_open">
            <ResponsiveContainer width="100%" height={260}>
              <PieChart>
                <Pie data={pie} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} label isAnimationActive={false} style={clickable} onClick={(_, i) => open({ status: pie[i].status })}>
                  {pie.map((p) => (
                    <Cell key={p.name} fill={p.fill} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="segra.analysis.dashboard.by_business_process" testId="dashboard-by-business-process">
            <ResponsiveContainer width="100%" height={Math.max(220, processRows.length * 28)}>
              <BarChart data={processRows} layout="vertical" margin={{ left: 40 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
                <XAxis type="number" allowDecimals={false} tick={axis} />
                <YAxis type="category" dataKey="label" tick={axis} width={110} />
                <Tooltip />
                <Legend />
                <Bar dataKey="accepted" stackId="a" name={accepted} fill={palette.success.main} style={clickable} onClick={(_, i) => open({ businessProcess: processRows[i].businessProcess, accepted: 'true' })} />
                <Bar dataKey="open" stackId="a" name={openLabel} fill={palette.primary.main} style={clickable} onClick={(_, i) => open({ businessProcess: processRows[i].businessProcess, accepted: 'false' })} />
              </BarChart>
            </ResponsiveContainer>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title="segra.analysis.dashboard.by_level" testId="dashboard-by-level">
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={levelRows}>
                <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
                <XAxis dataKey="label" tick={axis} />
                <YAxis allowDecimals={false} tick={axis} />
                <Tooltip />
                <Legend />
                <Bar dataKey="accepted" stackId="a" name={accepted} fill={palette.success.main} style={clickable} onClick={(_, i) => open({ level: levelRows[i].level, accepted: 'true' })} />
                <Bar dataKey="open" stackId="a" name={openLabel} fill={palette.secondary.main} style={clickable} onClick={(_, i) => open({ level: levelRows[i].level, accepted: 'false' })} />
              </BarChart>
            </ResponsiveContainer>
          </Panel>
        </Grid>
        {data.execution && (
          <Grid size={{ xs: 12 }}>
            <ExecutionPanel analysisId={data.analysis.id} execution={data.execution} />
          </Grid>
        )}
        {data.byOrgValue && data.byOrgValue.length > 0 && (
          <Grid size={{ xs: 12 }}>
            <OrgValuePanel rows={data.byOrgValue} />
          </Grid>
        )}
        <Grid size={{ xs: 12 }}>
          <Panel title="segra.analysis.dashboard.trend" testId="dashboard-trend">
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={trend}>
                <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
                <XAxis dataKey="label" tick={axis} />
                <YAxis allowDecimals={false} tick={axis} />
                <Tooltip />
                <Legend />
                <Line type="monotone" dataKey="findings" name={translate('segra.analysis.fields.findings')} stroke={palette.primary.main} strokeWidth={2} />
                <Line type="monotone" dataKey="open" name={openLabel} stroke={palette.error.main} />
                <Line type="monotone" dataKey="accepted" name={accepted} stroke={palette.success.main} />
              </LineChart>
            </ResponsiveContainer>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Panel title="segra.analysis.dashboard.top_users" testId="dashboard-top-users">
            <TopUsersPanel data={data} userTypes={userTypes} onUserTypes={onUserTypes} />
          </Panel>
        </Grid>
      </Grid>
    </Box>
  );
}

function DashboardFor({ analysisId }: { analysisId: string }) {
  const [userTypes, setUserTypes] = useTopUserTypes();
  const { data, error, loading } = useDashboard(analysisId, userTypes);
  return (
    <>
      {loading && <LinearProgress />}
      {error && <Alert severity="error">{error}</Alert>}
      {data && <DashboardView data={data} userTypes={userTypes} onUserTypes={setUserTypes} />}
    </>
  );
}

/** Reports dashboard (/app/reports/dashboard) of the analysis shown (the user's own choice, else the customer's default). */
export default function ReportsDashboard() {
  return (
    <ScreenCard titleKey="segra.screens.reports_dashboard">
      <ShownAnalysisGate>{(a) => <DashboardFor analysisId={a.analysisId} />}</ShownAnalysisGate>
    </ScreenCard>
  );
}

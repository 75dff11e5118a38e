import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { formatDate } from './components.tsx';

/** A system of a cross-system analysis as the dashboard answers it (server/modules/reports/dashboard.ts). */
export interface DashboardSystem {
  sid: string;
  systemPeriodName: string;
  periodDate: string;
}

/** The findings no single system's user meets (CROSS_SYSTEM), by status. */
export interface CrossSystemCounts {
  findings: number;
  accepted: number;
  mitigated: number;
  deactivated: number;
  open: number;
}

/**
 * What a cross-system analysis (DESIGN 5.18) adds to the dashboard: the systems it covers with
 * their periods, and its cross-system findings by status. Usage and remediation stay per system
 * (issue 32), which the panel says, so nobody looks for them here.
 */
export function CrossSystemPanel({ systems, counts }: { systems: DashboardSystem[]; counts: CrossSystemCounts }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const num = new Intl.NumberFormat(intlLocale(locale));
  const parts: [string, number][] = [
    ['segra.analysis.findings.open', counts.open],
    ['segra.analysis.findings.accepted', counts.accepted],
    ['segra.mitigations.finding_status.mitigated', counts.mitigated],
    ['segra.mitigations.finding_status.deactivated', counts.deactivated],
  ];
  return (
    <Card variant="outlined" data-testid="dashboard-cross-system">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('segra.analysis.dashboard.cross_system_title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} data-testid="dashboard-systems">
          {systems.map((s) => (
            <Chip key={s.sid} label={`${s.sid} · ${s.systemPeriodName} (${formatDate(s.periodDate, intlLocale(locale))})`} variant="outlined" />
          ))}
        </Stack>
        <Box data-testid="dashboard-cross-system-count">
          <Typography variant="body2" color="text.secondary">{translate('segra.analysis.dashboard.cross_system_findings')}</Typography>
          <Typography variant="h4">{num.format(counts.findings)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {parts
              .filter(([, n], i) => i < 2 || n > 0)
              .map(([label, n]) => `${translate(label)}: ${num.format(n)}`)
              .join(' · ')}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('segra.analysis.dashboard.cross_system_per_system')}
        </Typography>
      </CardContent>
    </Card>
  );
}

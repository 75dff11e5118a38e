import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';

/** One org value of the dashboard (server/modules/reports/dashboard-org-values.ts). */
export interface OrgValueCount {
  orgValue: string;
  findings: number;
  accepted: number;
  mitigated: number;
  /** Findings of risks the customer deactivated (issue 27): neither open nor accepted. */
  deactivated?: number;
  open: number;
}

/** Rows shown; the rest are in the findings' exports (ORG_VALUES). */
const SHOWN = 25;

/**
 * Findings grouped by org value (DESIGN 5.15): per company code (or plant, or joint value) the
 * findings held at it, by status. A finding held at several values counts at each. The dashboard
 * shows it only for an analysis with findings of org-level risks.
 */
export function OrgValuePanel({ rows }: { rows: OrgValueCount[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const num = new Intl.NumberFormat(intlLocale(locale));
  // The column only when a risk is deactivated: the counts of a row then still add up.
  const deactivated = rows.some((r) => (r.deactivated ?? 0) > 0);
  return (
    <Card variant="outlined" data-testid="dashboard-org-values">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('segra.org_status.by_org_value')}
        </Typography>
        <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('segra.org_status.org_value')}</TableCell>
                <TableCell align="right">{translate('segra.org_status.findings')}</TableCell>
                <TableCell align="right">{translate('segra.mitigations.finding_status.open')}</TableCell>
                <TableCell align="right">{translate('segra.mitigations.finding_status.accepted')}</TableCell>
                <TableCell align="right">{translate('segra.mitigations.finding_status.mitigated')}</TableCell>
                {deactivated && <TableCell align="right">{translate('segra.mitigations.finding_status.deactivated')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, SHOWN).map((r) => (
                <TableRow key={r.orgValue} data-testid="org-value-row">
                  <TableCell>{r.orgValue}</TableCell>
                  <TableCell align="right">{num.format(r.findings)}</TableCell>
                  <TableCell align="right">{num.format(r.open)}</TableCell>
                  <TableCell align="right">{num.format(r.accepted)}</TableCell>
                  <TableCell align="right">{num.format(r.mitigated)}</TableCell>
                  {deactivated && <TableCell align="right">{num.format(r.deactivated ?? 0)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

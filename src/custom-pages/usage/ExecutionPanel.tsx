import { Box, Button, Card, CardContent, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { intlLocale } from '../../resources/common/locale.ts';
import { RESOURCES } from '../../resources/resource-names.ts';
import { apiJson } from '../analysis/api.ts';
import { ExportButtons } from '../analysis/FileButtons.tsx';
import { useApiError } from '../analysis/components.tsx';
import { findingsListLink } from '../analysis/findings-link.ts';

/** The dashboard's `execution` (server/modules/usage/usage-reports.ts executionSummary). */
export interface ExecutionSummary {
  potential: number;
  full: number;
  partial: number;
  none: number;
}

interface HygieneRole {
  role: string;
  users: number;
  granted: number;
  unused: string[];
}

/** Role hygiene of an analysis with usage: per role the tcodes no user of it used in the window, exportable. */
export function RoleHygiene({ analysisId }: { analysisId: string }) {
  const translate = useTranslate();
  const apiError = useApiError();
  const [roles, setRoles] = useState<HygieneRole[] | null>(null);
  const load = async () => {
    try {
      setRoles((await apiJson<{ roles: HygieneRole[] }>(`/api/analyses/${analysisId}/role-hygiene`)).roles);
    } catch (e) {
      apiError(e, 'segra.usage.errors.load');
    }
  };
  return (
    <Box data-testid="role-hygiene">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => void load()} data-testid="role-hygiene-show">
          {translate('segra.usage.hygiene')}
        </Button>
        <ExportButtons resource={RESOURCES.analyses.name} id={analysisId} path="role-hygiene" name="role-hygiene" />
      </Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('segra.usage.hygiene_hint')}
      </Typography>
      {roles && roles.length === 0 && <Typography variant="body2">{translate('segra.usage.hygiene_empty')}</Typography>}
      {roles && roles.length > 0 && (
        <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('segra.usage.hygiene_role')}</TableCell>
                <TableCell align="right">{translate('segra.usage.hygiene_users')}</TableCell>
                <TableCell align="right">{translate('segra.usage.hygiene_granted')}</TableCell>
                <TableCell>{translate('segra.usage.hygiene_unused')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {roles.slice(0, 200).map((r) => (
                <TableRow key={r.role}>
                  <TableCell>{r.role}</TableCell>
                  <TableCell align="right">{r.users}</TableCell>
                  <TableCell align="right">{r.granted}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{r.unused.join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** Executed vs potential risk (issue 17): user findings, and how many were fully, partly or not executed. */
export function ExecutionPanel({ analysisId, execution }: { analysisId: string; execution: ExecutionSummary }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const n = (v: number) => new Intl.NumberFormat(intlLocale(locale)).format(v);
  const cells: Array<{ key: string; label: string; value: number; onClick: () => void }> = [
    { key: 'potential', label: 'segra.usage.potential', value: execution.potential, onClick: () => navigate(findingsListLink({ level: 'USER' })) },
    { key: 'FULL', label: 'segra.usage.execution_values.FULL', value: execution.full, onClick: () => navigate(findingsListLink({ execution: 'FULL' })) },
    { key: 'PARTIAL', label: 'segra.usage.execution_values.PARTIAL', value: execution.partial, onClick: () => navigate(findingsListLink({ execution: 'PARTIAL' })) },
    { key: 'NONE', label: 'segra.usage.execution_values.NONE', value: execution.none, onClick: () => navigate(findingsListLink({ execution: 'NONE' })) },
  ];
  return (
    <Card variant="outlined" data-testid="dashboard-execution">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('segra.usage.dashboard_title')}
        </Typography>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          {cells.map((c) => (
            <Grid key={c.key} size={{ xs: 6, sm: 3 }}>
              <Box onClick={c.onClick} sx={{ cursor: 'pointer' }} data-testid={`execution-${c.key}`}>
                <Typography variant="body2" color="text.secondary">
                  {translate(c.label)}
                </Typography>
                <Typography variant="h5">{n(c.value)}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
        <RoleHygiene analysisId={analysisId} />
      </CardContent>
    </Card>
  );
}

import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { RESOURCES } from '../resource-names.ts';
import { apiJson, errorText } from '../../custom-pages/analysis/api.ts';

interface Reported {
  id: string;
  controlId: string;
  riskId: string;
  level: 'USER' | 'ROLE';
  holder: string;
  validTo: string | null;
  ownerEmail: string | null;
  daysLeft?: number;
  reasons?: string[];
}

const F = 'segra.mitigations.fields';

function Rows({ rows, extra }: { rows: Reported[]; extra: 'daysLeft' | 'reasons' }) {
  const translate = useTranslate();
  if (rows.length === 0) return <Typography color="text.secondary">{translate('segra.mitigations.reports.none')}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate(`${F}.control_id`)}</TableCell>
          <TableCell>{translate(`${F}.risk`)}</TableCell>
          <TableCell>{translate(`${F}.level`)}</TableCell>
          <TableCell>{translate(`${F}.holder`)}</TableCell>
          <TableCell>{translate(`${F}.valid_to`)}</TableCell>
          <TableCell>{translate(`${F}.owner`)}</TableCell>
          <TableCell>{translate(extra === 'daysLeft' ? `${F}.days_left` : `${F}.reasons`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.controlId}</TableCell>
            <TableCell>{r.riskId}</TableCell>
            <TableCell>{translate(`segra.mitigations.level.${r.level}`)}</TableCell>
            <TableCell>{r.holder}</TableCell>
            <TableCell>{r.validTo ?? '—'}</TableCell>
            <TableCell>{r.ownerEmail ?? '—'}</TableCell>
            <TableCell>
              {extra === 'daysLeft'
                ? r.daysLeft
                : (r.reasons ?? []).map((x) => <Chip key={x} size="small" color="warning" label={translate(`segra.mitigations.reports.${x}`)} sx={{ mr: 0.5 }} />)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The mitigation reports above the list (issue 16): those expiring within 30 days and the
 * invalid ones (inactive control, or a user or role without the risk in the default analysis).
 * They load with the screen (it is shown again after every create or edit).
 */
export function MitigationReports() {
  const translate = useTranslate();
  const [expiring, setExpiring] = useState<{ days: number; rows: Reported[] } | null>(null);
  const [invalid, setInvalid] = useState<{ analysisId: string | null; rows: Reported[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const notify = useNotify();
  const { canAccess: canNotify } = useCanAccess({ resource: RESOURCES.mitigations.name, action: 'edit' });
  const mailOwners = () => {
    apiJson<{ owners: number; mitigations: number }>('/api/reports/mitigations/expiring/notify', 'POST', {})
      .then((a) => notify(translate('segra.mitigations.reports.notified', { owners: a.owners, mitigations: a.mitigations }), { type: 'success' }))
      .catch((e) => notify(errorText(e, translate, 'ra.notification.http_error'), { type: 'error' }));
  };
  useEffect(() => {
    let live = true;
    Promise.all([
      apiJson<{ days: number; rows: Reported[] }>('/api/reports/mitigations/expiring'),
      apiJson<{ analysisId: string | null; rows: Reported[] }>('/api/reports/mitigations/invalid'),
    ])
      .then(([e, i]) => {
        if (!live) return;
        setExpiring(e);
        setInvalid(i);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  if (failed) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="mitigation-reports">
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" gutterBottom>
            {translate('segra.mitigations.reports.expiring', { days: expiring?.days ?? 30 })}
          </Typography>
          {expiring && <Rows rows={expiring.rows} extra="daysLeft" />}
          {expiring && expiring.rows.length > 0 && canNotify && (
            <Button size="small" sx={{ mt: 1 }} onClick={mailOwners} data-testid="notify-owners">
              {translate('segra.mitigations.reports.notify')}
            </Button>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" gutterBottom>
            {translate('segra.mitigations.reports.invalid')}
          </Typography>
          {invalid && invalid.analysisId === null && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('segra.mitigations.reports.no_analysis')}
            </Alert>
          )}
          {invalid && (
            <Box data-testid="invalid-mitigations">
              <Rows rows={invalid.rows} extra="reasons" />
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

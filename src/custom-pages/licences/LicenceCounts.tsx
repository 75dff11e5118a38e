import { Alert, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { HttpError, Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { httpClient } from '../../providers/httpClient.ts';
import { toTranslatedError } from '../../providers/dataProvider.ts';
import { NoData } from '../../resources/common/ListPage.tsx';
import { intlLocale } from '../../resources/common/locale.ts';
import { evaluationEnded } from './licence-state-api.ts';
import type { LicenceCount } from '../../../contracts/licence-state.ts';


/**
 * Licence counts (/app/licenses/license-count): per customer, its licence (or its evaluation) and
 * the users and systems in use against it, over-use flagged (issue 27).
 */
export default function LicenceCounts() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const customer = useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
  const [rows, setRows] = useState<LicenceCount[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    httpClient('/api/licences/counts')
      .then(({ json }) => live && setRows(json as LicenceCount[]))
      .catch((e: unknown) => {
        if (!live) return;
        const t = toTranslatedError(e);
        setError(t instanceof HttpError ? t.message : 'ra.notification.http_error');
      });
    return () => {
      live = false;
    };
  }, [customer]);

  const number = new Intl.NumberFormat(intlLocale(locale));
  const date = (d: string | null) => (d ? new Date(`${d}T00:00:00`).toLocaleDateString(intlLocale(locale)) : '—');
  const licence = (r: LicenceCount) => {
    if (!r.evaluation || r.evaluationEndsAt === null) return r.licence ?? '—';
    const ends = new Date(r.evaluationEndsAt).toLocaleDateString(intlLocale(locale));
    return translate(evaluationEnded(r.evaluationEndsAt) ? 'segra.licences.counts.evaluation_ended' : 'segra.licences.counts.evaluation_until', { date: ends });
  };
  const of = (used: number, allowed: number | null) =>
    `${number.format(used)} / ${allowed === null ? translate('segra.licences.counts.no_limit') : number.format(allowed)}`;
  return (
    <Card>
      <Title title={translate('segra.screens.license_count')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('segra.screens.license_count')}
        </Typography>
        {error && <Alert severity="error">{translate(error)}</Alert>}
        {!error && rows === null && <Loading />}
        {rows && rows.length === 0 && <NoData />}
        {rows && rows.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('segra.fields.customer')}</TableCell>
                <TableCell>{translate('segra.licences.counts.licence')}</TableCell>
                <TableCell align="right">{translate('segra.licences.counts.users')}</TableCell>
                <TableCell align="right">{translate('segra.licences.counts.systems')}</TableCell>
                <TableCell>{translate('segra.fields.expires_on')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const over = r.licensedUsers === null ? 0 : r.usedUsers - r.licensedUsers;
                return (
                  <TableRow key={r.name}>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{licence(r)}</TableCell>
                    <TableCell align="right" sx={over > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
                      {of(r.usedUsers, r.licensedUsers)}
                      {over > 0 && (
                        <Chip size="small" color="error" variant="outlined" sx={{ ml: 1 }} label={translate('segra.licences.counts.over', { count: number.format(over) })} />
                      )}
                    </TableCell>
                    <TableCell align="right">{of(r.usedSystems, r.licensedSystems)}</TableCell>
                    <TableCell>{date(r.expiresOn)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { HttpError, Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { httpClient } from '../../providers/httpClient.ts';
import { toTranslatedError } from '../../providers/dataProvider.ts';
import { NoData } from '../../resources/common/ListPage.tsx';
import { intlLocale } from '../../resources/common/locale.ts';

interface LicenceCount {
  name: string;
  licensedUsers: number;
  usedUsers: number;
  expiresOn: string | null;
}

/** Licence counts (/app/licenses/license-count): GET /api/licences/counts, per customer. */
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
                <TableCell align="right">{translate('segra.fields.users')}</TableCell>
                <TableCell align="right">{translate('segra.fields.used_users')}</TableCell>
                <TableCell>{translate('segra.fields.expires_on')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.name}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell align="right">{number.format(r.licensedUsers)}</TableCell>
                  <TableCell align="right">{number.format(r.usedUsers)}</TableCell>
                  <TableCell>{date(r.expiresOn)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { postPublic } from '../public/public-api.ts';
import { errorMessageKey } from '../public/public-errors.ts';

/**
 * User settings (/app/account/settings). The API has no call to change one's own name or
 * password yet, so the password is changed through the mailed reset link.
 */
export default function AccountSettings() {
  const translate = useTranslate();
  const { data: identity } = useGetIdentity();
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const sendReset = async () => {
    if (!identity?.email) return;
    setBusy(true);
    const answer = await postPublic('/api/auth/forgot-password', { email: identity.email });
    setBusy(false);
    setResult(answer.ok ? { ok: true, key: 'segra.forgot.sent' } : { ok: false, key: errorMessageKey(answer, 'segra.errors.code.MAIL_FAILED') });
  };

  return (
    <Card>
      <Title title={translate('segra.screens.account_settings')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('segra.screens.account_settings')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography>
            <strong>{translate('segra.fields.full_name')}:</strong> {identity?.fullName}
          </Typography>
          <Typography>
            <strong>{translate('segra.fields.email')}:</strong> {identity?.email as string}
          </Typography>
          <Typography>
            <strong>{translate('segra.fields.role')}:</strong> {identity?.role ? translate(`segra.roles.${identity.role}`) : ''}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('segra.account.password_hint')}
        </Typography>
        <Button variant="outlined" disabled={busy || !identity} onClick={() => void sendReset()}>
          {translate('segra.account.send_reset')}
        </Button>
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
            {translate(result.key)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

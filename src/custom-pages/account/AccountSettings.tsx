import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, Title, useGetIdentity, useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient.ts';
import { storeToken } from '../../providers/token-store.ts';
import { validateReset } from '../auth/password-validation.ts';
import { postPublic } from '../public/public-api.ts';
import { errorMessageKey } from '../public/public-errors.ts';
import { NameForm } from './NameForm.tsx';

/**
 * User settings (/app/account/settings): who you are, a change of the own name (PATCH
 * /api/auth/me), a password change with the current password (POST /api/auth/change-password),
 * or else the mailed reset link.
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

  const [form, setForm] = useState({ current: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirmPassword?: string }>({});
  const [changed, setChanged] = useState<{ ok: boolean; key: string } | null>(null);
  const change = async (event: FormEvent) => {
    event.preventDefault();
    const found = { ...validateReset(form.password, form.confirm), ...(form.current === '' ? { current: 'segra.validation.password_required' } : {}) };
    setErrors(found);
    setChanged(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { json } = await httpClient('/api/auth/change-password', {
        method: 'POST',
        body: JSON.stringify({ currentPassword: form.current, newPassword: form.password }),
      });
      // The change ended every session of the old password (DESIGN 6); this browser continues with the new token.
      const fresh = (json as { token?: unknown } | undefined)?.token;
      if (typeof fresh === 'string') storeToken(fresh);
      setForm({ current: '', password: '', confirm: '' });
      setChanged({ ok: true, key: 'segra.account.changed' });
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined) : undefined;
      if (body?.errors?.currentPassword) setErrors({ current: 'segra.account.wrong_current' });
      else setChanged({ ok: false, key: 'segra.reset.failed' });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'current' | 'password' | 'confirm', label: string, error?: string) => (
    <TextField
      type="password"
      label={translate(label)}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(error)}
      helperText={error ? translate(error) : ' '}
      autoComplete={name === 'current' ? 'current-password' : 'new-password'}
      size="small"
      fullWidth
    />
  );

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
        <NameForm />
        <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
          {translate('segra.account.change_title')}
        </Typography>
        <form onSubmit={(e) => void change(e)} noValidate style={{ maxWidth: 420 }}>
          {field('current', 'segra.account.current_password', errors.current)}
          {field('password', 'segra.account.new_password', errors.password)}
          {field('confirm', 'segra.account.confirm_password', errors.confirmPassword)}
          <Button type="submit" variant="contained" disabled={busy || !identity}>
            {translate('segra.account.change')}
          </Button>
        </form>
        {changed && (
          <Alert severity={changed.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
            {translate(changed.key)}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, mb: 1 }}>
          {translate('segra.account.or_mail')}
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

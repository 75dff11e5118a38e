import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, useGetIdentity, useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient.ts';
import { storeToken } from '../../providers/token-store.ts';

const MAX_NAME = 200;

/** The message key for a name, or null when the server would take it (PATCH /api/auth/me). */
export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'segra.account.name_required';
  if (trimmed.length > MAX_NAME) return 'segra.account.name_too_long';
  return null;
}

/**
 * Changes the signed-in user's own full name. The name lives in the access token, so the
 * server answers with a new token; storing it and refetching the identity updates the app bar.
 */
export function NameForm() {
  const translate = useTranslate();
  const { data: identity, refetch } = useGetIdentity();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (identity?.fullName !== undefined) setName(String(identity.fullName ?? ''));
  }, [identity?.fullName]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameError(name);
    setError(found);
    setResult(null);
    if (found) return;
    setBusy(true);
    try {
      const { json } = await httpClient('/api/auth/me', { method: 'PATCH', body: JSON.stringify({ fullName: name.trim() }) });
      storeToken((json as { token: string }).token);
      await refetch();
      setResult({ ok: true, key: 'segra.account.name_changed' });
    } catch (e) {
      const field = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined)?.errors?.fullName : undefined;
      // The server's field messages are the ones checked above; anything else is a failure to retry.
      if (field) setError(nameError(name) ?? 'segra.account.name_required');
      else setResult({ ok: false, key: 'segra.account.name_failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate style={{ maxWidth: 420 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('segra.account.name_title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={translate('segra.fields.full_name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(error)}
          helperText={error ? translate(error) : ' '}
          autoComplete="name"
          size="small"
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy || !identity || name.trim() === String(identity.fullName ?? '')}>
          {translate('segra.account.name_save')}
        </Button>
      </Stack>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {translate(result.key)}
        </Alert>
      )}
    </form>
  );
}

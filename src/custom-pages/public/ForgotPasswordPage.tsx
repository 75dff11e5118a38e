import { Alert, Button, Link as MuiLink, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { validateEmail } from '../auth/password-validation.ts';
import { errorMessageKey } from './public-errors.ts';
import { postPublic } from './public-api.ts';
import { PublicCard } from './PublicCard.tsx';

/** /forgot-password: POST /api/auth/forgot-password mails a reset link. */
export default function ForgotPasswordPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEmail(email);
    setError(found);
    if (found) return;
    setBusy(true);
    const answer = await postPublic('/api/auth/forgot-password', { email: email.trim() });
    setBusy(false);
    // The server answers the same whether or not the account exists (no account probing).
    setResult(answer.ok ? { ok: true, key: 'segra.forgot.sent' } : { ok: false, key: errorMessageKey(answer, 'segra.errors.code.MAIL_FAILED') });
  };

  return (
    <PublicCard title={translate('segra.forgot.title')} subtitle={translate('segra.forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={translate('segra.auth.email')}
          name="email"
          type="email"
          fullWidth
          margin="dense"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ? translate(error) : ' '}
        />
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ my: 1 }}>
            {translate(result.key)}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {translate('segra.forgot.submit')}
        </Button>
      </form>
      <MuiLink component={Link} to="/login" sx={{ display: 'block', mt: 2 }}>
        {translate('segra.auth.back_to_login')}
      </MuiLink>
    </PublicCard>
  );
}

import { Alert, Button, Link as MuiLink, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { validateReset } from '../auth/password-validation.ts';
import { errorMessageKey } from './public-errors.ts';
import { postPublic } from './public-api.ts';
import { PublicCard } from './PublicCard.tsx';

/** /reset-password/:token/:email, the mailed link: sets a new password (spec 5 checks). */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const { token = '', email = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateReset(password, confirmPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const answer = await postPublic('/api/auth/reset-password', { token, email, password, confirmPassword });
    setBusy(false);
    setResult(answer.ok ? { ok: true, key: 'segra.reset.done' } : { ok: false, key: errorMessageKey(answer, 'segra.reset.failed') });
  };

  return (
    <PublicCard title={translate('segra.reset.title')} subtitle={email}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={translate('segra.reset.new_password')}
          name="password"
          type="password"
          fullWidth
          margin="dense"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ? translate(errors.password) : ' '}
        />
        <TextField
          label={translate('segra.reset.confirm_password')}
          name="confirmPassword"
          type="password"
          fullWidth
          margin="dense"
          value={confirmPassword}
          onChange={(e) => setConfirm(e.target.value)}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword ? translate(errors.confirmPassword) : ' '}
        />
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ my: 1 }}>
            {translate(result.key)}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy || result?.ok}>
          {translate('segra.reset.submit')}
        </Button>
      </form>
      <MuiLink component={Link} to="/login" sx={{ display: 'block', mt: 2 }}>
        {translate('segra.auth.back_to_login')}
      </MuiLink>
    </PublicCard>
  );
}

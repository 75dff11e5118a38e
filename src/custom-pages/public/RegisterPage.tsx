import { Alert, Button, Link as MuiLink, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { validateRegister, type RegisterErrors } from '../auth/password-validation.ts';
import { errorMessageKey } from './public-errors.ts';
import { postPublic } from './public-api.ts';
import { PublicCard } from './PublicCard.tsx';

/** /register: POST /api/auth/register; the account then waits for an administrator. */
export default function RegisterPage() {
  const translate = useTranslate();
  const [values, setValues] = useState({ email: '', username: '', fullName: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [result, setResult] = useState<{ ok: boolean; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof values, labelKey: string, type = 'text') => (
    <TextField
      label={translate(labelKey)}
      name={name}
      type={type}
      fullWidth
      margin="dense"
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={Boolean(errors[name as keyof RegisterErrors])}
      helperText={errors[name as keyof RegisterErrors] ? translate(errors[name as keyof RegisterErrors]!) : ' '}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const answer = await postPublic('/api/auth/register', {
      email: values.email.trim(),
      username: values.username.trim(),
      fullName: values.fullName.trim() || undefined,
      password: values.password,
    });
    setBusy(false);
    setResult(answer.ok ? { ok: true, key: 'segra.register.done' } : { ok: false, key: errorMessageKey(answer, 'segra.register.failed') });
  };

  return (
    <PublicCard title={translate('segra.register.title')} subtitle={translate('segra.register.subtitle')}>
      <form onSubmit={submit} noValidate>
        {field('email', 'segra.auth.email', 'email')}
        {field('username', 'segra.register.username')}
        {field('fullName', 'segra.register.full_name')}
        {field('password', 'segra.auth.password', 'password')}
        {field('confirmPassword', 'segra.reset.confirm_password', 'password')}
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ my: 1 }}>
            {translate(result.key)}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy || result?.ok}>
          {translate('segra.register.submit')}
        </Button>
      </form>
      <MuiLink component={Link} to="/login" sx={{ display: 'block', mt: 2 }}>
        {translate('segra.auth.back_to_login')}
      </MuiLink>
    </PublicCard>
  );
}

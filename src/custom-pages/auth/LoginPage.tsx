import { Box, Button, Card, CardContent, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { validateLogin, type LoginErrors } from './login-validation.ts';

/** The login page (spec /login): email and password, the spec's messages, then /dashboards/default. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await login({ email: email.trim(), password }, '/dashboards/default');
    } catch (err) {
      notify((err as Error).message || 'segra.auth.login_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Card sx={{ width: 380 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Typography variant="h5" gutterBottom>
            Segra
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('segra.auth.subtitle')}
          </Typography>
          <TextField
            label={translate('segra.auth.email')}
            name="email"
            type="email"
            autoComplete="username"
            fullWidth
            margin="normal"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email ? translate(errors.email) : ' '}
          />
          <TextField
            label={translate('segra.auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            fullWidth
            margin="normal"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password ? translate(errors.password) : ' '}
          />
          <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
            {busy ? <CircularProgress size={22} /> : translate('segra.auth.sign_in')}
          </Button>
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
            <MuiLink component={Link} to="/forgot-password" variant="body2">
              {translate('segra.auth.forgot_password')}
            </MuiLink>
            <MuiLink component={Link} to="/register" variant="body2">
              {translate('segra.auth.register')}
            </MuiLink>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

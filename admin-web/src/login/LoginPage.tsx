import LockIcon from '@mui/icons-material/Lock';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { TEXTS } from '../lib/texts';

/** /adm logged out: username and password, Enter submits (spec §5, §8). */
export default function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const location = useLocation();
  const state = location.state as { reason?: string; nextPathname?: string } | null;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError('Enter the admin username and password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await login({ username: username.trim(), password });
      notify(TEXTS.loginSuccess, { type: 'success' });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : TEXTS.loginFailed;
      setError(message);
      notify(message, { type: 'error' });
      setPending(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (t) =>
          `radial-gradient(circle at 20% 10%, ${t.palette.mode === 'dark' ? '#3b0764' : '#ede9fe'} 0, transparent 55%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 380 }} elevation={3}>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography component="h1" variant="h5">
              How&apos;s my Vibe? Admin
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Sign in to manage the site
            </Typography>
          </Box>
          {state?.reason === 'missing-token' && state.nextPathname && state.nextPathname !== '/' && !error && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {TEXTS.missingToken}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <form onSubmit={submit} noValidate aria-label="Admin login">
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              disabled={pending}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={pending}
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              sx={{ mt: 2 }}
              disabled={pending}
              startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {pending ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}

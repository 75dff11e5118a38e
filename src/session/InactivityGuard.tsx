import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { InactivityTimer } from './inactivity-timer.ts';

/** Activity that keeps the session: the spec names mouse movement; keys and touches count too. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

/** Mounted inside the logged-in layout: warns, then logs out after inactivity. */
export function InactivityGuard() {
  const translate = useTranslate();
  const logout = useLogout();
  const [warning, setWarning] = useState(false);
  const timer = useRef<InactivityTimer | null>(null);

  useEffect(() => {
    const t = new InactivityTimer({
      onWarn: () => setWarning(true),
      onExpire: () => {
        setWarning(false);
        void logout({}, '/login');
      },
    });
    timer.current = t;
    const onActivity = () => {
      setWarning(false);
      t.reset();
    };
    t.reset();
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => {
      t.stop();
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity));
    };
  }, [logout]);

  return (
    <Dialog open={warning} onClose={() => timer.current?.reset()} aria-labelledby="inactivity-title">
      <DialogTitle id="inactivity-title">{translate('segra.session.inactive_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('segra.session.inactive_message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout({}, '/login')}>{translate('ra.auth.logout')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setWarning(false);
            timer.current?.reset();
          }}
        >
          {translate('segra.session.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

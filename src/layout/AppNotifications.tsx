import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useSettings } from '../theme/SettingsContext.tsx';
import { ToastStack } from './ToastStack.tsx';

// Once per page load: the notification component remounts when the app switches layouts.
let told = false;

/** Tells, once, that the saved settings were not restored and the defaults are in use (spec 8). */
function PersistNotice() {
  const { restoreProblem } = useSettings();
  const notify = useNotify();
  useEffect(() => {
    if (!restoreProblem || told) return;
    told = true;
    notify(restoreProblem === 'timeout' ? 'segra.errors.persist_timeout' : 'segra.errors.persist_unavailable', { type: 'warning' });
  }, [restoreProblem, notify]);
  return null;
}

/** react-admin's notification slot: the toast stack and the persist notice. */
export function AppNotifications() {
  return (
    <>
      <PersistNotice />
      <ToastStack />
    </>
  );
}

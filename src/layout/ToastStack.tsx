import { Alert, Box } from '@mui/material';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useNotificationContext, useTranslate } from 'react-admin';
import { dropToast, pushToast, TOAST_DRAG_DISMISS, TOAST_DURATION_MS, type Toast } from './toast-queue.ts';

let sequence = 0;

/**
 * react-admin's notifications as a stack of toasts (spec 9): top-right, 5 s, newest on top,
 * paused while hovered or while the window has no focus, closed on click or by dragging.
 */
export function ToastStack() {
  const { notifications, takeNotification } = useNotificationContext();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    if (notifications.length === 0) return;
    const n = takeNotification();
    if (!n) return;
    const { autoHideDuration, messageArgs } = n.notificationOptions ?? {};
    const toast: Toast = {
      id: ++sequence,
      message: n.message as string,
      type: n.type ?? 'info',
      args: messageArgs,
      duration: typeof autoHideDuration === 'number' ? autoHideDuration : TOAST_DURATION_MS,
    };
    setToasts((list) => pushToast(list, toast));
  }, [notifications, takeNotification]);

  return (
    <Box
      role="region"
      aria-live="polite"
      sx={{ position: 'fixed', top: 16, right: 16, zIndex: 2000, display: 'flex', flexDirection: 'column', gap: 1, width: 360, maxWidth: 'calc(100vw - 32px)' }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => setToasts((list) => dropToast(list, t.id))} />
      ))}
    </Box>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const translate = useTranslate();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(() => document.hasFocus());
  const [dx, setDx] = useState(0);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const remaining = useRef(toast.duration);

  useEffect(() => {
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);

  // Counts down only while neither hovered nor unfocused; the remaining time survives pauses.
  useEffect(() => {
    if (hovered || !focused || toast.duration <= 0) return;
    const started = Date.now();
    const timer = setTimeout(onClose, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [hovered, focused, toast.duration, onClose]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, width: e.currentTarget.offsetWidth || 1 };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setDx(e.clientX - drag.current.x);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (Math.abs(dx) >= d.width * TOAST_DRAG_DISMISS) onClose();
    else if (Math.abs(dx) < 5) onClose(); // a click closes (spec 9)
    setDx(0);
  };

  return (
    <Alert
      severity={toast.type}
      variant="filled"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      sx={{ cursor: 'pointer', transform: `translateX(${dx}px)`, boxShadow: 3, userSelect: 'none' }}
      data-testid="toast"
    >
      {translate(toast.message, { _: toast.message, ...(toast.args ?? {}) })}
    </Alert>
  );
}

import { Button, Card, CardContent, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { errorText } from './api.ts';
import { Flex } from './Flex.tsx';

/*
 * The analysis screens' shared frame and hooks. The bigger shared pieces live beside it:
 * RecordSelect.tsx, FileButtons.tsx (the default analysis: resources/analyses).
 */

export type Translate = (key: string, options?: object) => string;

/** The active customer (a SuperAdmin's choice); screens reload when it changes. */
export function useActiveCustomer(): string | null {
  return useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
}

/** A screen's frame: page title (from the route table's label) and heading. */
export function ScreenCard({ titleKey, children, actions }: { titleKey: string; children: ReactNode; actions?: ReactNode }) {
  const translate = useTranslate();
  const title = translate(titleKey);
  return (
    <Card>
      <Title title={title} />
      <CardContent>
        <Flex direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }} gap={1} flexWrap="wrap">
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {actions && <Flex direction="row" gap={1} flexWrap="wrap">{actions}</Flex>}
        </Flex>
        {children}
      </CardContent>
    </Card>
  );
}

/** Reports an API failure as a toast: the screen's catalogue message with the server's reason. */
export function useApiError(): (error: unknown, contextKey: string) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, contextKey: string) => {
      const text = errorText(error, translate, contextKey);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [notify, translate],
  );
}

/** Calls `fn` every `ms` while `enabled`. */
export function usePolling(fn: () => void, ms: number, enabled: boolean): void {
  const saved = useRef(fn);
  useEffect(() => {
    saved.current = fn;
  }, [fn]);
  useEffect(() => {
    if (!enabled) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms, enabled]);
}

/** A button that asks before it acts (every delete: "Are you sure you want to delete?"). */
export function ConfirmButton({
  label,
  title,
  content = 'segra.analysis.common.confirm_delete',
  onConfirm,
  color = 'error',
  disabled,
  size = 'small',
  variant = 'text',
  confirmLabel,
  cancelLabel,
}: {
  label: string;
  title: string;
  content?: string;
  /** The dialog's buttons, where react-admin's "Confirm"/"Cancel" would be ambiguous (cancelling a run). */
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => Promise<void> | void;
  color?: 'error' | 'primary' | 'warning' | 'inherit';
  disabled?: boolean;
  size?: 'small' | 'medium';
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size={size} color={color} variant={variant} disabled={disabled || busy} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        {...(confirmLabel ? { confirm: confirmLabel } : {})}
        {...(cancelLabel ? { cancel: cancelLabel } : {})}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}

/** A date (YYYY-MM-DD) or timestamp in the active locale. */
export function formatDate(value: string | null | undefined, locale: string, withTime = false): string {
  if (!value) return '—';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return withTime ? d.toLocaleString(locale) : d.toLocaleDateString(locale);
}

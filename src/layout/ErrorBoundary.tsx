import { Alert, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (navigation to another page). */
  resetKey: string;
}

/** Keeps a failing screen from taking the menus down; the next navigation retries. */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <ScreenError /> : this.props.children;
  }
}

function ScreenError() {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => window.location.reload()}>{translate('ra.action.refresh')}</Button>}>
      {translate('ra.page.error')}
    </Alert>
  );
}

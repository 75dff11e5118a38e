import { Alert, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { isChunkLoadError } from '../routes/lazy-page.ts';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (navigation to another page). */
  resetKey: string;
}

/**
 * Keeps a failing screen from taking the menus down; the next navigation retries. A page whose
 * code did not load (spec 8: chunk load failure, 120 s) says so and offers a reload.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <ScreenError chunk={isChunkLoadError(this.state.error)} /> : this.props.children;
  }
}

function ScreenError({ chunk }: { chunk: boolean }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => window.location.reload()}>{translate('ra.action.refresh')}</Button>}>
      {translate(chunk ? 'segra.errors.chunk_load' : 'ra.page.error')}
    </Alert>
  );
}

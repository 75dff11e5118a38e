import { Alert, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { screenForPath } from '../routes/route-table.ts';

/**
 * A screen of the route table whose API is still being built (analyses, periods, reports):
 * the route, guard and menu entry exist; the content arrives with its API.
 */
export default function ScreenPlaceholder() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const screen = screenForPath(pathname);
  const title = translate(screen?.labelKey ?? 'segra.menu.home');
  return (
    <Card data-testid="screen-placeholder">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="info">{translate('segra.placeholder.coming')}</Alert>
      </CardContent>
    </Card>
  );
}

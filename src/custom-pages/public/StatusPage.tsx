import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PublicCard } from './PublicCard.tsx';

/** A page that explains where the user ended up and offers a way back home (spec 2). */
function StatusPage({ titleKey, messageKey, testId }: { titleKey: string; messageKey: string; testId: string }) {
  const translate = useTranslate();
  return (
    <PublicCard title={translate(titleKey)} subtitle={translate(messageKey)}>
      <Stack direction="row" spacing={1} data-testid={testId}>
        <Button variant="contained" component={Link} to="/">
          {translate('segra.status.back_home')}
        </Button>
      </Stack>
    </PublicCard>
  );
}

export const NotFoundPage = () => <StatusPage titleKey="segra.status.not_found_title" messageKey="segra.status.not_found" testId="page-not-found" />;
export const UnauthorizedPage = () => (
  <StatusPage titleKey="segra.status.unauthorized_title" messageKey="segra.status.unauthorized" testId="page-unauthorized" />
);
export const InvalidAccessPage = () => (
  <StatusPage titleKey="segra.status.invalid_access_title" messageKey="segra.status.invalid_access" testId="page-invalid-access" />
);

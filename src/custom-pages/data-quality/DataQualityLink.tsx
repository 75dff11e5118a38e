import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { dataQualityPath } from './routes.ts';

/** Opens a system period's data-quality view (from the period list's row actions). */
export function DataQualityLink({ periodId, disabled }: { periodId: string; disabled?: boolean }) {
  const translate = useTranslate();
  return (
    <Button size="small" component={Link} to={dataQualityPath(periodId)} disabled={disabled} data-testid="data-quality-link">
      {translate('segra.data_quality.open')}
    </Button>
  );
}

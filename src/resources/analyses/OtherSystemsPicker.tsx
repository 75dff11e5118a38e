import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, IconButton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { RecordSelect } from '../../custom-pages/analysis/RecordSelect.tsx';
import {
  nextOtherSystem,
  periodsOfSystem,
  systemsOffered,
  type OtherSystem,
  type PeriodChoice,
  type SystemChoice,
} from './analysis-systems.ts';

/** A cross-system analysis's notice (issue 32): usage and remediation are not yet read across systems. */
export function PerSystemNotice() {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="cross-system-notice" sx={{ mb: 1 }}>
      {translate('segra.cross_system.per_system_notice')}
    </Alert>
  );
}

/**
 * "Add system" on the analysis create screen (DESIGN 5.18): beside the main system period, one
 * period of each other system of the customer. A row picks a system no other row (nor the main
 * period) holds, then one of its periods.
 */
export function OtherSystemsPicker({
  systems,
  periods,
  mainSystemId,
  value,
  onChange,
}: {
  systems: readonly SystemChoice[];
  periods: readonly PeriodChoice[];
  mainSystemId: string;
  value: readonly OtherSystem[];
  onChange: (v: OtherSystem[]) => void;
}) {
  const translate = useTranslate();
  const next = nextOtherSystem(systems, periods, mainSystemId, value);
  const set = (i: number, row: OtherSystem) => onChange(value.map((o, j) => (j === i ? row : o)));
  return (
    <Box data-testid="other-systems">
      <Typography variant="subtitle2">{translate('segra.cross_system.systems')}</Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {translate('segra.cross_system.add_hint')}
      </Typography>
      <Flex gap={1}>
        {value.map((row, i) => (
          <Flex key={i} direction="row" gap={1} alignItems="center" data-testid="other-system">
            <RecordSelect
              label="segra.cross_system.system"
              value={row.systemId}
              minWidth={140}
              options={systemsOffered(systems, periods, mainSystemId, value, row.systemId).map((s) => ({
                id: s.id,
                name: s.sid,
              }))}
              onChange={(id) => set(i, { systemId: id, periodId: periodsOfSystem(periods, id)[0]?.id ?? '' })}
              testId={`other-system-${i}`}
            />
            <RecordSelect
              label="segra.cross_system.period"
              value={row.periodId}
              options={periodsOfSystem(periods, row.systemId)}
              onChange={(id) => set(i, { ...row, periodId: id })}
              testId={`other-system-period-${i}`}
            />
            <IconButton
              aria-label={translate('segra.cross_system.remove_system')}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              size="small"
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Flex>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={!mainSystemId || next === null}
            onClick={() => next && onChange([...value, next])}
            data-testid="add-system"
          >
            {translate('segra.cross_system.add_system')}
          </Button>
          {mainSystemId && next === null && value.length > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {translate('segra.cross_system.no_more_systems')}
            </Typography>
          )}
        </Box>
        {value.length > 0 && <PerSystemNotice />}
      </Flex>
    </Box>
  );
}

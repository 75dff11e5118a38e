import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Flex } from './Flex.tsx';
import { emptyValue, fieldProblem, MAX_TEXT, VALUE_FIELDS, VALUE_LABELS, type AuthorisationValue, type ValueField } from './simulation-options.ts';

// Literal keys, so the catalogue test finds them (tests/web/analysis/i18n.test.ts).
const PROBLEMS = { required: 'segra.analysis.simulation.value_required', too_long: 'segra.analysis.simulation.value_too_long' };

interface Props {
  values: AuthorisationValue[];
  onChange: (values: AuthorisationValue[]) => void;
  /** Marks the refused fields (after a refused run, so an untouched new row is not red at once). */
  showErrors: boolean;
}

/** Rows of authorisation values (object, authorisation, field, low, high) to add to the simulated role. */
export function AuthorisationValuesEditor({ values, onChange, showErrors }: Props) {
  const translate = useTranslate();
  const set = (i: number, f: ValueField, text: string) => onChange(values.map((v, j) => (j === i ? { ...v, [f]: text } : v)));
  return (
    <Box data-testid="sim-add-values">
      <Typography variant="subtitle2">{translate('segra.analysis.simulation.add_values')}</Typography>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate('segra.analysis.simulation.add_values_help')}</FormHelperText>
      <Flex gap={1}>
        {values.map((v, i) => (
          <Flex key={i} direction="row" gap={1} flexWrap="wrap" alignItems="flex-start" data-testid="sim-add-value-row">
            {VALUE_FIELDS.map((f) => {
              const problem = showErrors ? fieldProblem(v, f) : null;
              return (
                <TextField
                  key={f}
                  size="small"
                  sx={{ width: f === 'low' || f === 'high' ? 170 : 150 }}
                  label={translate(VALUE_LABELS[f])}
                  value={v[f]}
                  error={problem !== null}
                  helperText={problem ? translate(PROBLEMS[problem], { max: MAX_TEXT }) : undefined}
                  onChange={(e) => set(i, f, e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': `sim-add-${f}-${i}` } }}
                />
              );
            })}
            <Tooltip title={translate('segra.analysis.simulation.remove_row')}>
              <IconButton aria-label={translate('segra.analysis.simulation.remove_row')} onClick={() => onChange(values.filter((_v, j) => j !== i))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Flex>
        ))}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...values, emptyValue()])}>
            {translate('segra.analysis.simulation.add_row')}
          </Button>
        </Box>
      </Flex>
    </Box>
  );
}

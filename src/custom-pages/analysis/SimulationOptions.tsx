import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Flex } from './Flex.tsx';
import { SIMULATION_LEVELS, SIMULATION_MODES, type SimulationLevel, type SimulationMode } from './simulation-options.ts';

// Literal keys, so the catalogue test finds them (tests/web/analysis/i18n.test.ts).
const LEVEL_HELP: Record<SimulationLevel, string> = {
  permission: 'segra.analysis.simulation.level_permission_help',
  action: 'segra.analysis.simulation.level_action_help',
};
const MODE_HELP: Record<SimulationMode, string> = {
  'same-instance': 'segra.analysis.simulation.mode_same_instance_help',
  union: 'segra.analysis.simulation.mode_union_help',
};

interface Props {
  level: SimulationLevel;
  mode: SimulationMode;
  onLevel: (level: SimulationLevel) => void;
  onMode: (mode: SimulationMode) => void;
}

/** Evaluation level and instance mode of a simulation (DESIGN 5.6-5.8), each explained for the chosen value. */
export function SimulationOptions({ level, mode, onLevel, onMode }: Props) {
  const translate = useTranslate();
  return (
    <Flex direction="row" gap={4} flexWrap="wrap">
      <FormControl sx={{ maxWidth: 460 }} data-testid="sim-level">
        <FormLabel id="sim-level-label">{translate('segra.analysis.fields.level')}</FormLabel>
        <RadioGroup row aria-labelledby="sim-level-label" value={level} onChange={(e) => onLevel(e.target.value as SimulationLevel)}>
          {SIMULATION_LEVELS.map((l) => (
            <FormControlLabel key={l} value={l} control={<Radio />} label={translate(`segra.analysis.level.${l}`)} />
          ))}
        </RadioGroup>
        <FormHelperText sx={{ mx: 0 }}>{translate(LEVEL_HELP[level])}</FormHelperText>
      </FormControl>
      <FormControl sx={{ maxWidth: 460 }} data-testid="sim-mode">
        <FormLabel id="sim-mode-label">{translate('segra.analysis.fields.mode')}</FormLabel>
        <RadioGroup row aria-labelledby="sim-mode-label" value={mode} onChange={(e) => onMode(e.target.value as SimulationMode)}>
          {SIMULATION_MODES.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={translate(`segra.analysis.mode.${m}`)} />
          ))}
        </RadioGroup>
        <FormHelperText sx={{ mx: 0 }}>{translate(MODE_HELP[mode])}</FormHelperText>
      </FormControl>
    </Flex>
  );
}

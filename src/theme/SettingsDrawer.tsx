import { Box, Button, Drawer, FormControl, FormControlLabel, FormLabel, Switch, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { isDemoMode } from '../demo/is-demo.ts';
import { useTranslate } from 'react-admin';
import { useSettings } from './SettingsContext.tsx';
import {
  COLOURS,
  DEFAULT_SETTINGS,
  LAYOUTS,
  MENU_BEHAVIOURS,
  MENU_PLACEMENTS,
  NAV_COLOURS,
  RADII,
  type ThemeSettings,
} from './settings.ts';

type Option = { [K in keyof ThemeSettings]: { key: K; values: readonly ThemeSettings[K][] } }[keyof ThemeSettings];

const OPTIONS: Option[] = [
  { key: 'menuPlacement', values: MENU_PLACEMENTS },
  { key: 'menuBehaviour', values: MENU_BEHAVIOURS },
  { key: 'layout', values: LAYOUTS },
  { key: 'radius', values: RADII },
  { key: 'navColour', values: NAV_COLOURS },
  { key: 'colour', values: COLOURS },
];

/** The theme settings panel (spec 1, 9): each choice applies at once and is kept. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { settings, setSettings } = useSettings();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}>
      <Box sx={{ width: 320, p: 2 }} role="dialog" aria-label={translate('segra.settings.title')}>
        <Typography variant="h6" gutterBottom>
          {translate('segra.settings.title')}
        </Typography>
        {OPTIONS.map((o) => (
          <FormControl key={o.key} fullWidth sx={{ mb: 2 }}>
            <FormLabel sx={{ mb: 0.5 }}>{translate(`segra.settings.${o.key}`)}</FormLabel>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={settings[o.key]}
              onChange={(_, v) => v && setSettings({ [o.key]: v } as Partial<ThemeSettings>)}
              sx={{ flexWrap: 'wrap' }}
            >
              {(o.values as readonly string[]).map((v) => (
                <ToggleButton key={v} value={v} data-testid={`setting-${o.key}-${v}`}>
                  {translate(`segra.settings.values.${v}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
        ))}
        {!isDemoMode() && (
          <FormControlLabel
            sx={{ mb: 2, display: 'flex' }}
            control={<Switch checked={settings.demoApps} onChange={(e) => setSettings({ demoApps: e.target.checked })} data-testid="setting-demoApps" />}
            label={translate('segra.settings.demoApps')}
          />
        )}
        <Button onClick={() => setSettings(DEFAULT_SETTINGS)}>{translate('segra.settings.reset')}</Button>
      </Box>
    </Drawer>
  );
}

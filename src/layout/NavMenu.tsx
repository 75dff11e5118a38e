import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { MenuGroup } from '../routes/menu-model.ts';
import { useSettings } from '../theme/SettingsContext.tsx';
import { GROUP_ICONS } from './menu-icons.tsx';

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The horizontal menu: one button per area, its screens in a drop-down. */
export function HorizontalMenu({ groups }: { groups: MenuGroup[] }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  return (
    <Box component="nav" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, '& .MuiButton-root': { textTransform: 'none' } }} aria-label={translate('segra.layout.menu')}>
      {groups.map((g) =>
        g.items.length === 1 ? (
          <Button key={g.key} component={Link} to={g.items[0].path} color="inherit" sx={{ fontWeight: isActive(pathname, g.items[0].path) ? 700 : 400 }}>
            {translate(g.items[0].labelKey)}
          </Button>
        ) : (
          <Box key={g.key}>
            <Button
              color="inherit"
              endIcon={<ExpandMore />}
              onClick={(e) => setOpen({ key: g.key, anchor: e.currentTarget })}
              sx={{ fontWeight: g.items.some((i) => isActive(pathname, i.path)) ? 700 : 400 }}
            >
              {translate(g.labelKey)}
            </Button>
            <Menu anchorEl={open?.anchor} open={open?.key === g.key} onClose={() => setOpen(null)}>
              {g.items.map((i) => (
                <MenuItem key={i.path} component={Link} to={i.path} selected={isActive(pathname, i.path)} onClick={() => setOpen(null)}>
                  {translate(i.labelKey)}
                </MenuItem>
              ))}
            </Menu>
          </Box>
        ),
      )}
    </Box>
  );
}

/**
 * The vertical menu: areas that unfold. Collapsed (unpinned, or closed) it shows one icon per
 * area with its name as tooltip; an icon opens the area's first screen.
 */
export function VerticalMenu({ groups, collapsed, onNavigate }: { groups: MenuGroup[]; collapsed: boolean; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { menu, setMenu } = useSettings();
  const toggle = (key: string) =>
    setMenu({ expanded: menu.expanded.includes(key) ? menu.expanded.filter((k) => k !== key) : [...menu.expanded, key] });
  const icon = (key: string) => <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{GROUP_ICONS[key]}</ListItemIcon>;
  if (collapsed) {
    return (
      <List component="nav" dense aria-label={translate('segra.layout.menu')}>
        {groups.map((g) => (
          <Tooltip key={g.key} title={translate(g.items.length === 1 ? g.items[0].labelKey : g.labelKey)} placement="right">
            <ListItemButton
              component={Link}
              to={g.items[0].path}
              selected={g.items.some((i) => isActive(pathname, i.path))}
              aria-label={translate(g.items.length === 1 ? g.items[0].labelKey : g.labelKey)}
              sx={{ py: 1.25 }}
            >
              {icon(g.key)}
            </ListItemButton>
          </Tooltip>
        ))}
      </List>
    );
  }
  return (
    <List component="nav" dense aria-label={translate('segra.layout.menu')}>
      {groups.map((g) => {
        if (g.items.length === 1) {
          const i = g.items[0];
          return (
            <ListItemButton key={g.key} component={Link} to={i.path} selected={isActive(pathname, i.path)} onClick={onNavigate}>
              {icon(g.key)}
              <ListItemText primary={translate(i.labelKey)} />
            </ListItemButton>
          );
        }
        const open = menu.expanded.includes(g.key) || g.items.some((i) => isActive(pathname, i.path));
        return (
          <Box key={g.key}>
            <ListItemButton onClick={() => toggle(g.key)}>
              {icon(g.key)}
              <ListItemText primary={translate(g.labelKey)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              {open ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={open} unmountOnExit>
              <List dense disablePadding>
                {g.items.map((i) => (
                  <ListItemButton key={i.path} component={Link} to={i.path} selected={isActive(pathname, i.path)} sx={{ pl: 9 }} onClick={onNavigate}>
                    <ListItemText primary={translate(i.labelKey)} />
                  </ListItemButton>
                ))}
              </List>
            </Collapse>
          </Box>
        );
      })}
    </List>
  );
}

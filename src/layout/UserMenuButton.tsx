import AccountCircle from '@mui/icons-material/AccountCircle';
import { Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { currentViewer } from '../providers/authProvider.ts';
import { canOnScreen } from '../routes/access.ts';
import { screenForPath } from '../routes/route-table.ts';

const SETTINGS_PATH = '/app/account/settings';

/** The signed-in user: name and role, account settings, logout. */
export function UserMenuButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Like the menus, the settings entry shows only when the user may open the page (spec 6):
  // every logged-in user may, its own name and password being its own (issue 27).
  const viewer = currentViewer();
  const canOpenSettings = viewer !== null && canOnScreen(viewer, screenForPath(SETTINGS_PATH)!);
  return (
    <>
      <Tooltip title={translate('ra.auth.user_menu')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('ra.auth.user_menu')}>
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem disabled>
          <ListItemText primary={identity?.fullName} secondary={identity ? `${identity.email} · ${translate(`segra.roles.${identity.role}`, { _: identity.role })}` : undefined} />
        </MenuItem>
        <Divider />
        {canOpenSettings && (
          <MenuItem component={Link} to={SETTINGS_PATH} onClick={() => setAnchor(null)}>
            {translate('segra.screens.account_settings')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          {translate('ra.auth.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

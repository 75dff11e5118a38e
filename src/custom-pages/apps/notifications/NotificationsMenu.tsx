import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Avatar,
  Badge,
  IconButton,
  ListItemAvatar,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { sampleNotifications } from '../../../demo/apps-mock/sample-data/notifications.ts';

/**
 * The app bar's notification bell. Its loader makes no request (spec section 7): it reads the
 * sample notifications directly. Opening the menu marks them seen.
 */
export function NotificationsMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(false);
  const notifications = sampleNotifications;

  const open = (e: MouseEvent<HTMLElement>) => {
    setAnchor(e.currentTarget);
    setSeen(true);
  };
  const go = (link: string) => {
    setAnchor(null);
    navigate(link);
  };
  const label = translate('segra.apps.notifications.title');

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={open}>
          <Badge color="error" badgeContent={seen ? 0 : notifications.length}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340 } } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, py: 1, fontWeight: 600 }}>
          {label}
        </Typography>
        {notifications.length === 0 && <MenuItem disabled>{translate('segra.apps.notifications.empty')}</MenuItem>}
        {notifications.map((n) => (
          <MenuItem key={n.id} onClick={() => go(n.link)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}>
            <ListItemAvatar>
              <Avatar src={n.img} alt="" />
            </ListItemAvatar>
            <ListItemText primary={n.title} secondary={n.detail} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

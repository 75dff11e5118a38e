import AnalyticsIcon from '@mui/icons-material/Analytics';
import AppsIcon from '@mui/icons-material/Apps';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import GroupIcon from '@mui/icons-material/Group';
import PersonIcon from '@mui/icons-material/Person';
import ScienceIcon from '@mui/icons-material/Science';
import StorageIcon from '@mui/icons-material/Storage';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { ReactElement } from 'react';

/** One icon per menu group (area prefix), shown by the collapsed vertical menu. */
export const GROUP_ICONS: Record<string, ReactElement> = {
  home: <DashboardIcon />,
  '/app/account': <PersonIcon />,
  '/app/reports': <AssessmentIcon />,
  '/app/system': <DnsIcon />,
  '/app/risk': <WarningAmberIcon />,
  '/app/simulation': <ScienceIcon />,
  '/app/report': <AnalyticsIcon />,
  '/app/admin': <StorageIcon />,
  '/app/customer': <BusinessIcon />,
  '/app/licenses': <VpnKeyIcon />,
  '/app/user': <GroupIcon />,
  apps: <AppsIcon />,
};

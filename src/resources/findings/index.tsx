import ListAltIcon from '@mui/icons-material/ListAlt';
import FindingsScreen from './FindingsScreen.tsx';

/**
 * Findings (issue 14): the risk analysis list of the default analysis (/app/reports/list) with
 * its filters, drill-down, exports, and the user and role views (`?view=user|role&name=…`).
 */
export { FindingsScreen as FindingList };

export default { list: FindingsScreen, icon: ListAltIcon };

import FactCheckIcon from '@mui/icons-material/FactCheck';
import RiskApproval from './RiskApproval.tsx';

/**
 * Risk acceptances (issue 14): accept a risk globally, for a user or a role, edit and delete
 * acceptances, deactivate and reactivate risks (/app/reports/risk).
 */
export { RiskApproval as RiskAcceptanceList };

export default { list: RiskApproval, icon: FactCheckIcon };

import AnalyticsIcon from '@mui/icons-material/Analytics';
import AnalysisCreate from './AnalysisCreate.tsx';
import AnalysisRequests from './AnalysisRequests.tsx';

/**
 * Analyses (issue 14): the requests list with its status, polling, cancel, export and default
 * analysis (/app/reports/analyze-request), and the creation form, which lives at its own spec
 * path (/app/reports/create, a custom route of custom-pages/analysis/screens.tsx).
 */
export { AnalysisRequests as AnalysisList, AnalysisCreate };

export default { list: AnalysisRequests, create: AnalysisCreate, icon: AnalyticsIcon };

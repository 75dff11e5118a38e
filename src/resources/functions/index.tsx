import FunctionsIcon from '@mui/icons-material/Functions';

/**
 * Functions have no page of their own: their list sits beside the risks on /app/risk/modules
 * (risks/RiskData.tsx), edited in FunctionDialog. Exported here as the resource's views.
 */
export { FunctionList as list } from './FunctionList.tsx';
export const icon = FunctionsIcon;

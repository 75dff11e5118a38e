import { useGetOne } from 'react-admin';
import { RESOURCES } from '../resource-names.ts';
import { ImportWarnings } from '../system-periods/ImportWarnings.tsx';
import type { AnalysisRecord } from './AnalysisRequests.tsx';

/**
 * The input warnings that applied to one analysis (DESIGN 4.1b), read from its record, where its
 * findings are read (the risk analysis list); nothing when there are none.
 */
export function AnalysisWarnings({ analysisId }: { analysisId: string }) {
  const { data } = useGetOne<AnalysisRecord>(RESOURCES.analyses.name, { id: analysisId });
  return <ImportWarnings warnings={data?.warnings} />;
}

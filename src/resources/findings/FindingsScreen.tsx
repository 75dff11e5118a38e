import { useSearchParams } from 'react-router-dom';
import { readHolderView } from '../../custom-pages/analysis/findings-link.ts';
import FindingsList from './FindingsList.tsx';
import HolderViewScreen from './HolderViews.tsx';

/** The findings list's page (/app/reports/list): the list, or a user or role view (`?view=…&name=…`, issue 15). */
export default function FindingsScreen() {
  const [params] = useSearchParams();
  const view = readHolderView(params);
  return view ? <HolderViewScreen key={`${view.kind}/${view.name}`} kind={view.kind} name={view.name} /> : <FindingsList />;
}

import { shownOf, type ShownAnalysis } from '../../../contracts/analysis-shown.ts';

/** The server's answer when the customer's default analysis `id` is shown (issue 27), for the screens' mocked API. */
export const customerDefaultShown = (id: string, name = `Analysis ${id}`): ShownAnalysis =>
  shownOf(null, { analysisId: id, name, setBy: 'admin@x.test', setAt: '2026-01-01T00:00:00.000Z' });

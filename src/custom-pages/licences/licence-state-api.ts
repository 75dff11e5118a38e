import type { LicenceState } from '../../../contracts/licence-state.ts';
import { httpClient } from '../../providers/httpClient.ts';

/** `GET /api/licences/state` for the active customer; null when there is none (a SuperAdmin without one: 204). */
export async function fetchLicenceState(): Promise<LicenceState | null> {
  const { status, json } = await httpClient('/api/licences/state');
  return status === 204 || json === undefined || json === null ? null : (json as LicenceState);
}

/** Whether an evaluation that ends at `endsAt` (ISO) is over. */
export const evaluationEnded = (endsAt: string, now = Date.now()): boolean => new Date(endsAt).getTime() <= now;

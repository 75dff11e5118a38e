import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIMULATION_LEVELS, SIMULATION_MODES, type SimulationLevel, type SimulationMode } from '../analysis/simulation-options.ts';

export const SIMULATION_PATH = '/app/simulation';

/** What a "simulate this removal" link prefills on the simulation screen. */
export interface SimulationPrefill {
  systemPeriodId?: string;
  riskPeriodId?: string;
  user?: string;
  removeRoles?: string[];
  level?: SimulationLevel;
  mode?: SimulationMode;
}

const MAX_TEXT = 200;

/** The link that opens the simulation of removing `role` from `user` in the analysis's periods, level and mode. */
export function simulateRemovalLink(p: Required<Pick<SimulationPrefill, 'systemPeriodId' | 'riskPeriodId' | 'user'>> & { role: string; level?: string; mode?: string }): string {
  const q = new URLSearchParams({ systemPeriodId: p.systemPeriodId, riskPeriodId: p.riskPeriodId, user: p.user, removeRole: p.role });
  if (p.level) q.set('level', p.level);
  if (p.mode) q.set('mode', p.mode);
  return `${SIMULATION_PATH}?${q.toString()}`;
}

/** The prefill a URL holds; values the screen cannot take are ignored. */
export function readSimulationPrefill(params: URLSearchParams): SimulationPrefill {
  const out: SimulationPrefill = {};
  const text = (k: string): string | undefined => {
    const v = params.get(k);
    return v && v.length <= MAX_TEXT ? v : undefined;
  };
  const sp = text('systemPeriodId');
  const rp = text('riskPeriodId');
  const user = text('user');
  const roles = params.getAll('removeRole').filter((r) => r && r.length <= MAX_TEXT);
  if (sp) out.systemPeriodId = sp;
  if (rp) out.riskPeriodId = rp;
  if (user) out.user = user;
  if (user && roles.length > 0) out.removeRoles = roles;
  const level = params.get('level');
  if (level && (SIMULATION_LEVELS as readonly string[]).includes(level)) out.level = level as SimulationLevel;
  const mode = params.get('mode');
  if (mode && (SIMULATION_MODES as readonly string[]).includes(mode)) out.mode = mode as SimulationMode;
  return out;
}

/** The prefill of the current URL, read once when the screen opens. */
export function useSimulationPrefill(): SimulationPrefill {
  const [params] = useSearchParams();
  const [first] = useState(() => readSimulationPrefill(params));
  return first;
}

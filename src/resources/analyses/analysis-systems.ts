/**
 * The systems of a cross-system analysis on the screens (DESIGN 5.18, issue 32): which other
 * systems the create screen still offers, and what an analysis record says it covers.
 */

/** A system period as the pickers list it (GET /api/system-periods). */
export interface PeriodChoice {
  id: string;
  name: string;
  systemId?: string;
  [k: string]: unknown;
}

/** A system of the customer (GET /api/systems). */
export interface SystemChoice {
  id: string;
  sid: string;
  [k: string]: unknown;
}

/** One added system of the create screen, with its period ('' until one is picked). */
export interface OtherSystem {
  systemId: string;
  periodId: string;
}

/** One system an analysis covers (GET /api/analyses `systems`), in SID order. */
export interface CoveredSystem {
  systemId: string;
  systemPeriodId: string;
  sid: string;
}

/** The system of a period, '' when unknown. */
export const systemOfPeriod = (periods: readonly PeriodChoice[], periodId: string): string =>
  periods.find((p) => p.id === periodId)?.systemId ?? '';

/** The periods of one system, in the order given (the pickers ask for the newest first). */
export const periodsOfSystem = (periods: readonly PeriodChoice[], systemId: string): PeriodChoice[] =>
  periods.filter((p) => p.systemId === systemId);

/**
 * The systems a row may pick: neither the main period's system nor one another row holds (one
 * period per system: the server refuses two with SYSTEM_PERIODS_SAME_SYSTEM), `keep` (the row's
 * own system) staying offered; only systems with a period to pick.
 */
export function systemsOffered(
  systems: readonly SystemChoice[],
  periods: readonly PeriodChoice[],
  mainSystemId: string,
  others: readonly OtherSystem[],
  keep = '',
): SystemChoice[] {
  const taken = new Set([mainSystemId, ...others.map((o) => o.systemId)].filter((id) => id !== '' && id !== keep));
  return systems.filter((s) => !taken.has(s.id) && periodsOfSystem(periods, s.id).length > 0);
}

/** The row "add system" makes: the first system still offered, with its first (newest) period; null when none is left. */
export function nextOtherSystem(
  systems: readonly SystemChoice[],
  periods: readonly PeriodChoice[],
  mainSystemId: string,
  others: readonly OtherSystem[],
): OtherSystem | null {
  const system = systemsOffered(systems, periods, mainSystemId, others)[0];
  if (!system) return null;
  return { systemId: system.id, periodId: periodsOfSystem(periods, system.id)[0]?.id ?? '' };
}

/** The rows left when the main period moves to another system: a row of that system goes (it would be its second period). */
export const withoutSystem = (others: readonly OtherSystem[], systemId: string): OtherSystem[] =>
  others.filter((o) => o.systemId !== systemId);

/** `otherSystemPeriodIds` of POST /api/analyses: the periods picked, in the rows' order. */
export const otherSystemPeriodIds = (others: readonly OtherSystem[]): string[] =>
  others.map((o) => o.periodId).filter((id) => id !== '');

/** An analysis record's systems (none for an analysis of one system or a record without the field). */
export function coveredSystems(record: { systems?: unknown }): CoveredSystem[] {
  if (!Array.isArray(record.systems)) return [];
  return record.systems.filter(
    (s): s is CoveredSystem =>
      typeof s === 'object' &&
      s !== null &&
      typeof (s as CoveredSystem).sid === 'string' &&
      typeof (s as CoveredSystem).systemPeriodId === 'string',
  );
}

/** Whether an analysis covers several systems (its findings carry systems; usage and remediation stay per system). */
export const isCrossSystemAnalysis = (record: { systems?: unknown }): boolean => coveredSystems(record).length > 1;

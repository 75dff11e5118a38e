import type { AnalysisOptions, ExcludedUser, ExclusionReason } from '../model/analysis.ts';
import type { UserRecord } from '../model/extract.ts';

/**
 * Users in scope on the analysis date (DESIGN 5.2). An excluded user is listed with the
 * reasons that excluded it (a locked user analysed with includeLocked is not excluded for
 * being locked).
 */
export function scopeUsers(
  users: readonly UserRecord[],
  options: Pick<AnalysisOptions, 'date' | 'includeLocked' | 'includeExpired'>,
): { inScope: UserRecord[]; excluded: ExcludedUser[] } {
  const seen = new Set<string>();
  const inScope: UserRecord[] = [];
  const excluded: ExcludedUser[] = [];
  for (const u of users) {
    if (seen.has(u.bname)) continue;
    seen.add(u.bname);
    const reasons: ExclusionReason[] = [];
    if (u.uflag !== 0 && !options.includeLocked) reasons.push('locked');
    if (!options.includeExpired) {
      if (u.validTo !== null && options.date > u.validTo) reasons.push('expired');
      if (u.validFrom !== null && options.date < u.validFrom) reasons.push('not-yet-valid');
    }
    if (reasons.length > 0) excluded.push({ bname: u.bname, reasons });
    else inScope.push(u);
  }
  return { inScope, excluded };
}

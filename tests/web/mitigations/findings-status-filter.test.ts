import { describe, expect, it } from 'vitest';
import { findingsApiFilter, findingsListLink, readFindingsUrlFilter } from '../../../src/custom-pages/analysis/findings-link.ts';

describe('the findings list filters by status (issue 16: open, accepted, mitigated)', () => {
  it('reads a status from the URL and sends it to the API as a list', () => {
    const f = readFindingsUrlFilter(new URLSearchParams('status=mitigated&level=USER'));
    expect(f).toEqual({ level: 'USER', status: 'mitigated' });
    expect(findingsApiFilter('a1', f)).toMatchObject({ analysisId: 'a1', level: ['USER'], status: ['mitigated'] });
    expect(findingsListLink(f)).toBe('/app/reports/list?level=USER&status=mitigated');
  });

  it('ignores a status the list cannot show', () => {
    expect(readFindingsUrlFilter(new URLSearchParams('status=closed'))).toEqual({});
    expect(findingsApiFilter('a1', {}).status).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { findingsApiFilter, findingsListLink, readFindingsUrlFilter } from '../../../src/custom-pages/analysis/findings-link.ts';

describe('the findings list filters by status (issue 16: open, accepted, mitigated)', () => {
  it('reads a status from the URL and sends it to the API as a list', () => {
    const f = readFindingsUrlFilter(new URLSearchParams('status=mitigated&level=USER'));
    expect(f).toEqual({ level: 'USER', status: 'mitigated' });
    expect(findingsApiFilter('a1', f)).toMatchObject({ analysisId: 'a1', level: ['USER'], status: ['mitigated'] });
    expect(findingsListLink(f)).toBe('/app/reports/list?level=USER&status=mitigated');
  });

  it('filters by the status of a deactivated risk\'s findings (issue 27), worded in every language', async () => {
    const f = readFindingsUrlFilter(new URLSearchParams('status=deactivated'));
    expect(f).toEqual({ status: 'deactivated' });
    expect(findingsApiFilter('a1', f)).toMatchObject({ status: ['deactivated'] });
    const { catalogues } = await import('../../../src/i18n/catalogues.ts');
    const words = (['tr', 'en', 'de'] as const).map((lang) => 'segra.mitigations.finding_status.deactivated'.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogues[lang]));
    expect(words).toEqual(['Devre dışı', 'Deactivated', 'Deaktiviert']);
  });

  it('ignores a status the list cannot show', () => {
    expect(readFindingsUrlFilter(new URLSearchParams('status=closed'))).toEqual({});
    expect(findingsApiFilter('a1', {}).status).toBeUndefined();
  });
});

describe('the mitigation forms show the server’s field messages translated', () => {
  it('maps each field message of the two resources to a catalogue key present in every language', async () => {
    const { translateFieldErrors } = await import('../../../src/providers/api-errors.ts');
    const { catalogues } = await import('../../../src/i18n/catalogues.ts');
    const errors = translateFieldErrors({
      ownerId: 'The user does not exist',
      mitigatingControlId: 'The mitigating control does not exist',
      riskId: 'No risk period of the customer has this risk',
      validTo: 'Valid to must not be before valid from',
    })!;
    for (const key of Object.values(errors)) {
      expect(key).toMatch(/^segra\.mitigations\.validation\./);
      for (const lang of ['tr', 'en', 'de'] as const) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogues[lang]);
        expect(typeof value, `${lang} ${key}`).toBe('string');
      }
    }
  });
});

// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { ProvenanceView } from '../../../src/resources/findings/Provenance.tsx';
import { FindingSystemsCell } from '../../../src/resources/findings/CrossSystem.tsx';
import { OtherSystemsPicker } from '../../../src/resources/analyses/OtherSystemsPicker.tsx';
import { userMapWarningText } from '../../../src/resources/systems/UserMapPanel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(node: React.ReactNode): HTMLElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root!.render(<AdminContext i18nProvider={i18nProvider}>{node}</AdminContext>));
  return container;
}

const all = (el: HTMLElement, testId: string) => [...el.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent);

describe('the drill-down of a cross-system finding (DESIGN 5.18)', () => {
  const functions = [
    { functionId: 'XS_F_VEND', action: 'ZXS_VEND', system: 'ERP', user: 'AMUELLER', systems: ['ERP', 'SRM'], sources: [[{ kind: 'role', name: 'Z_XS_VEND' }]], permissions: [] },
    {
      functionId: 'XS_F_PAY',
      action: 'ZXS_PAY',
      system: 'SRM',
      user: 'ANNA_M',
      systems: ['SRM'],
      sources: [[{ kind: 'role', name: 'Z_XS_PAY' }]],
      permissions: [{ object: 'F_BKPF_BUK', auth: 'A1', source: 'R:Z_XS_PAY', fields: { ACTVT: ['01'] } }],
    },
  ];

  it('names the system and user that met each function, the other systems meeting it, and SID/ before each path', () => {
    const el = render(<ProvenanceView provenance={functions} finding={{ level: 'USER', holder: 'XS_PERSON2', riskId: 'XS_SOD1' }} links />);
    expect(all(el, 'function-system')).toEqual(['ERP', 'SRM']);
    expect(all(el, 'drill-function-system')[0]).toContain('Met in ERP by user AMUELLER');
    expect(all(el, 'function-also-met')).toEqual(['(also met in SRM)']);
    // The path starts at the person's user in that system, not at the person.
    expect(all(el, 'source-chain')).toEqual(['ERP/AMUELLER (user)→Z_XS_VEND (role)', 'SRM/ANNA_M (user)→Z_XS_PAY (role)']);
    // The permission's source is that system's role too.
    expect(el.querySelector('[data-testid="drill-permission-row"]')?.textContent).toContain('SRM/Z_XS_PAY');
    // The views read one system: across systems names stay text.
    expect(el.querySelectorAll('a').length).toBe(0);
  });

  it('shows a role finding\'s own path as SID/ and the role without its prefix', () => {
    const el = render(<ProvenanceView provenance={[{ functionId: 'F', action: 'A', system: 'ERP', sources: [[]], permissions: [] }]} finding={{ level: 'ROLE', holder: 'ERP/Z_FIRE', riskId: 'R' }} />);
    expect(all(el, 'source-chain')).toEqual(['ERP/Z_FIRE (role)']);
    expect(all(el, 'drill-function-system')[0]).toContain('Met in ERP');
  });

  it('leaves a one-system finding as it was: no systems, no prefix', () => {
    const el = render(<ProvenanceView provenance={[{ functionId: 'F', action: 'A', sources: [[{ kind: 'role', name: 'Z_R' }]], permissions: [] }]} holder="ALICE" />);
    expect(all(el, 'function-system')).toEqual([]);
    expect(all(el, 'source-system')).toEqual([]);
    expect(all(el, 'source-chain')).toEqual(['ALICE (user)→Z_R (role)']);
  });

  it('marks a cross-system finding in the list with its systems', () => {
    const el = render(<FindingSystemsCell finding={{ crossSystem: true, functions }} />);
    expect(all(el, 'cross-system-flag')).toEqual(['Cross-system']);
    expect(el.textContent).toBe('Cross-systemERPSRM');
    const one = render(<FindingSystemsCell finding={{ crossSystem: false, functions: [] }} />);
    expect(one.textContent).toBe('—');
  });
});

describe('the create screen\'s other systems (issue 32)', () => {
  const systems = [
    { id: 's-erp', sid: 'ERP' },
    { id: 's-srm', sid: 'SRM' },
  ];
  const periods = [
    { id: 'p-erp', name: 'June ERP', systemId: 's-erp' },
    { id: 'p-srm', name: 'June SRM', systemId: 's-srm' },
  ];

  it('adds the other system with its period, then offers no more and says usage and remediation stay per system', () => {
    const onChange = vi.fn();
    const el = render(<OtherSystemsPicker systems={systems} periods={periods} mainSystemId="s-erp" value={[]} onChange={onChange} />);
    expect(all(el, 'cross-system-notice')).toEqual([]);
    act(() => (el.querySelector('[data-testid="add-system"]') as HTMLButtonElement).click());
    expect(onChange).toHaveBeenCalledWith([{ systemId: 's-srm', periodId: 'p-srm' }]);
    const added = render(<OtherSystemsPicker systems={systems} periods={periods} mainSystemId="s-erp" value={[{ systemId: 's-srm', periodId: 'p-srm' }]} onChange={onChange} />);
    expect((added.querySelector('[data-testid="add-system"]') as HTMLButtonElement).disabled).toBe(true);
    expect(all(added, 'cross-system-notice')[0]).toContain('Usage and remediation stay per system');
  });

  it('offers nothing before the main period is picked', () => {
    const el = render(<OtherSystemsPicker systems={systems} periods={periods} mainSystemId="" value={[]} onChange={() => {}} />);
    expect((el.querySelector('[data-testid="add-system"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the user mapping\'s warnings (issue 32)', () => {
  const t = (k: string, o?: object) => i18nProvider.translate(k, o);
  it('words the names that map nowhere and the columns the reader left aside', () => {
    expect(userMapWarningText({ code: 'USER_MAP_USER_UNKNOWN', params: { system: 'ERP', bname: 'NOBODY' } }, t)).toBe(
      'User NOBODY of the user mapping is in the USR02 of no period of system ERP',
    );
    expect(userMapWarningText({ code: 'USER_MAP_SYSTEM_UNKNOWN', params: { system: 'HCM' } }, t)).toBe('System HCM of the user mapping is not a system of this customer');
    expect(userMapWarningText({ code: 'IGNORED_COLUMNS', params: { table: 'USER_MAP', count: 1, examples: 'NOTE' } }, t)).toBe(
      'Columns that were not read: 1 in USER_MAP (e.g. NOTE)',
    );
  });
});

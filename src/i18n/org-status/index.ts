/**
 * Messages of org values and finding status where comparison, simulation and the dashboard list
 * findings (DESIGN 5.15, rule 16), and of the daily notice of expiring mitigations; merged into
 * each catalogue under segra by catalogues.ts.
 */
const tr = {
  org_status: {
    left_org_values: 'Org değerleri (ilk)',
    right_org_values: 'Org değerleri (ikinci)',
    org_values_changed: 'Org değerleri değişti',
    left_status: 'Durum (ilk)',
    right_status: 'Durum (ikinci)',
    org_values: 'Org değerleri',
    status: 'Durum',
    changed: 'Org değerleri değişen',
    by_org_value: 'Org değerine göre bulgular',
    org_value: 'Org değeri',
    findings: 'Bulgular',
  },
  notifications: {
    kinds: {
      mitigation_expiring: '%{controlId} kontrolünün %{riskId} riski için azaltımı (%{holder}) %{validTo} tarihinde sona eriyor',
    },
  },
};

const en: typeof tr = {
  org_status: {
    left_org_values: 'Org values (first)',
    right_org_values: 'Org values (second)',
    org_values_changed: 'Org values changed',
    left_status: 'Status (first)',
    right_status: 'Status (second)',
    org_values: 'Org values',
    status: 'Status',
    changed: 'Org values changed',
    by_org_value: 'Findings by org value',
    org_value: 'Org value',
    findings: 'Findings',
  },
  notifications: {
    kinds: {
      mitigation_expiring: 'The mitigation of risk %{riskId} (%{holder}) by your control %{controlId} expires on %{validTo}',
    },
  },
};

const de: typeof tr = {
  org_status: {
    left_org_values: 'Org-Werte (erste)',
    right_org_values: 'Org-Werte (zweite)',
    org_values_changed: 'Org-Werte geändert',
    left_status: 'Status (erste)',
    right_status: 'Status (zweite)',
    org_values: 'Org-Werte',
    status: 'Status',
    changed: 'Org-Werte geändert',
    by_org_value: 'Befunde nach Org-Wert',
    org_value: 'Org-Wert',
    findings: 'Befunde',
  },
  notifications: {
    kinds: {
      mitigation_expiring: 'Die Minderung des Risikos %{riskId} (%{holder}) durch Ihre Kontrolle %{controlId} läuft am %{validTo} ab',
    },
  },
};

export const orgStatusMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: tr },
  en: { segra: en },
  de: { segra: de },
};

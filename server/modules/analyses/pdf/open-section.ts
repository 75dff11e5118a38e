import type { ReportFormat } from './format.ts';
import { COLOURS, ensureSpace, heading, paragraph, subheading, tableInTurns, type Doc } from './layout.ts';
import type { OpenRow } from './open-data.ts';
import type { ReportData } from './report-data.ts';

/** Role and profile paths shown per finding at most; the rest counted (the CSV's SOURCES has them all). */
const PATHS_SHOWN = 6;

const riskTitle = (riskId: string, description: string, level: string, f: ReportFormat): string =>
  `${riskId} – ${description || f.t(`risk_${level as 'HIGH'}`)}`;

/** Every risk with open findings under the filter, counted by holder level: nothing open goes unmentioned. */
export async function openByRiskSection(doc: Doc, data: ReportData, f: ReportFormat): Promise<void> {
  const { t, num } = f;
  heading(doc, t('open_title'));
  if (data.openByRisk.length === 0) return paragraph(doc, t('none_open'));
  await tableInTurns(
    doc,
    [
      { header: t('risk'), width: 5 },
      { header: t('level'), width: 1.2 },
      { header: t('holder_USER'), width: 1.1, align: 'right' },
      { header: t('holder_ROLE'), width: 1.1, align: 'right' },
      { header: t('holder_PROFILE'), width: 1.1, align: 'right' },
      { header: t('open'), width: 1.1, align: 'right' },
    ],
    data.openByRisk.map((r) => [
      riskTitle(r.riskId, r.riskDescription, r.riskLevel, f),
      t(`risk_${r.riskLevel as 'HIGH'}`),
      num(r.users),
      num(r.roles),
      num(r.profiles),
      num(r.findings),
    ]),
  );
}

/** `R:Z_A>R:Z_B;P:SAP_ALL` as lines, steps spaced so a long path wraps between them, never inside a name. */
function paths(sources: string, f: ReportFormat): string {
  const all = sources === '' ? [] : sources.split(';');
  const shown = all.slice(0, PATHS_SHOWN).map((p) => p.split('>').join(' > '));
  if (all.length > PATHS_SHOWN) shown.push(f.t('more_paths', { n: f.num(all.length - PATHS_SHOWN) }));
  return shown.join('\n');
}

/** The holder and its name; a cross-system finding (DESIGN 5.18) says so, with the systems that met it. */
function holderCell(r: OpenRow, f: ReportFormat): string {
  const lines = [r.holder, ...(r.holderName ? [r.holderName] : [])];
  if (r.crossSystem) lines.push(f.t('cross_system_mark', { systems: [...new Set(r.functionSystems ?? [])].sort().join(', ') }));
  return lines.join('\n');
}

/** `FN_A:ME21N` a line each; in a cross-system analysis with the SID of the system that met it: `FN_A:ME21N (ERP)`. */
function functionsCell(r: OpenRow): string {
  return r.functions
    .split(';')
    .map((fn, i) => (r.functionSystems?.[i] ? `${fn} (${r.functionSystems[i]})` : fn))
    .join('\n');
}

/**
 * The open findings of critical and high risks one by one (issue 27 item 2), critical first, by
 * risk: who holds the risk, by which functions, through which roles or profiles. Up to the
 * report's bound; past it the report says how many are not listed and where they are.
 */
export async function openListedSection(doc: Doc, data: ReportData, f: ReportFormat): Promise<void> {
  const { t, num } = f;
  heading(doc, t('open_listed_title'));
  paragraph(doc, t('open_bound', { n: num(data.openListedLimit) }), COLOURS.muted);
  if (data.openListed.length === 0) paragraph(doc, t('none_open'));
  const openOf = new Map(data.openByRisk.map((r) => [r.riskId, r]));
  const groups = new Map<string, OpenRow[]>();
  for (const row of data.openListed) groups.set(row.riskId, [...(groups.get(row.riskId) ?? []), row]);
  for (const [riskId, rows] of groups) {
    const risk = openOf.get(riskId);
    const total = risk?.findings ?? rows.length;
    // The risk's title stays with its first rows.
    ensureSpace(doc, 110);
    subheading(doc, riskTitle(riskId, risk?.riskDescription ?? '', rows[0].riskLevel, f));
    paragraph(doc, `${t(`risk_${rows[0].riskLevel as 'HIGH'}`)} · ${t('open_count', { n: num(total) })}`, COLOURS[rows[0].riskLevel as 'HIGH'] ?? COLOURS.text);
    doc.moveDown(0.3);
    await tableInTurns(
      doc,
      // Function ids and role names run to 30 characters: at 7 pt they fit their columns whole.
      [
        { header: t('level'), width: 0.9 },
        { header: t('holder'), width: 2.5 },
        { header: t('functions'), width: 3.2 },
        { header: t('roles_behind'), width: 3.4 },
      ],
      rows.map((r) => [t(`holder_${r.level as 'USER'}`), holderCell(r, f), functionsCell(r), paths(r.sources, f)]),
      7,
    );
    if (total > rows.length) paragraph(doc, t('open_more_of_risk', { n: num(total - rows.length) }), COLOURS.muted);
  }
  const notListed = data.openListedTotal - data.openListed.length;
  if (notListed > 0) {
    doc.moveDown(0.5);
    paragraph(doc, t('open_more', { n: num(notListed), limit: num(data.openListedLimit) }));
  }
  const rest = data.openByRisk.filter((r) => r.riskLevel !== 'CRITICAL' && r.riskLevel !== 'HIGH').reduce((n, r) => n + r.findings, 0);
  if (rest > 0) {
    doc.moveDown(0.5);
    paragraph(doc, t('open_rest', { n: num(rest) }), COLOURS.muted);
  }
}

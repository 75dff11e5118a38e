import { Box, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { holderViewLink } from '../../custom-pages/analysis/findings-link.ts';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { originsOf, parseProvenance, sourceStep, type FunctionMatch, type SourceStep } from '../../custom-pages/analysis/helpers.ts';

/** What the drill-down says about the finding itself, when it knows it. */
export interface FindingHeader {
  level?: string;
  holder?: string;
  holderName?: string;
  riskId?: string;
  riskDescription?: string;
  orgValues?: string[];
}

/** A role or user name that opens its view (issue 15 item 1), or plain text without links. */
function ViewLink({ step, links, children }: { step: SourceStep; links: boolean; children: ReactNode }) {
  if (!links || (step.kind !== 'role' && step.kind !== 'user')) return <>{children}</>;
  return (
    <Link component={RouterLink} to={holderViewLink(step.kind, step.name)} onClick={(e) => e.stopPropagation()} underline="hover">
      {children}
    </Link>
  );
}

/** One step of a path: the name in bold with its kind, e.g. "Z_PAY (rol)". */
function Step({ step, links }: { step: SourceStep; links: boolean }) {
  const translate = useTranslate();
  const kind = step.kind ? translate(`segra.analysis.source_kind.${step.kind}`, { _: step.kind }) : '';
  return (
    <ViewLink step={step} links={links}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {step.name}
      </Box>
      {kind && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {` (${kind})`}
        </Box>
      )}
    </ViewLink>
  );
}

/** `SID/` in front of a path or source of a cross-system analysis (DESIGN 5.18: every source path starts with it). */
function SystemPrefix({ system }: { system?: string }) {
  if (!system) return null;
  return (
    <Box component="span" data-testid="source-system" sx={{ fontFamily: 'monospace', fontWeight: 600, color: 'info.main' }}>
      {`${system}/`}
    </Box>
  );
}

/** A path as a readable chain: holder → composite role → single role (never the raw `R:…>R:…` text), `SID/` first across systems. */
export function SourceChain({ path, holder, links = false, system }: { path: readonly SourceStep[]; holder?: SourceStep; links?: boolean; system?: string }) {
  const steps = holder ? [holder, ...path] : [...path];
  return (
    <Typography variant="body2" component="div" data-testid="source-chain">
      <SystemPrefix system={system} />
      {steps.map((s, i) => (
        <Fragment key={i}>
          {i > 0 && <Box component="span" sx={{ mx: 0.5, color: 'text.secondary' }} aria-hidden>→</Box>}
          <Step step={s} links={links} />
        </Fragment>
      ))}
    </Typography>
  );
}

/**
 * Which system met a function of a cross-system analysis (DESIGN 5.18): its SID, the person's
 * user there, and the other systems where one of the person's users meets it too.
 */
export function FunctionSystem({ match }: { match: FunctionMatch }) {
  const translate = useTranslate();
  if (!match.system) return null;
  const elsewhere = (match.systems ?? []).filter((s) => s !== match.system);
  return (
    <Flex direction="row" gap={1} alignItems="center" sx={{ pl: 1, my: 0.5 }} data-testid="drill-function-system">
      <Chip size="small" color="info" label={match.system} data-testid="function-system" />
      <Typography variant="body2" component="span">
        {match.user ? translate('segra.cross_system.met_in', { sid: match.system, user: match.user }) : translate('segra.cross_system.met_in_system', { sid: match.system })}
      </Typography>
      {elsewhere.length > 0 && (
        <Typography variant="body2" component="span" color="text.secondary" data-testid="function-also-met">
          {`(${translate('segra.cross_system.also_met_in', { systems: elsewhere.join(', ') })})`}
        </Typography>
      )}
    </Flex>
  );
}

/**
 * The drill-down of a finding (DESIGN 5.11): the risk with its description and the holder with
 * its name; then, per function, the action that met it, the paths (holder → composite role →
 * single role, or holder → reference user → profile) and, per permission object checked, the
 * instance that met it (object, authorisation, source) with the values of each field.
 * `links` makes roles and users open their views (the findings list; not the simulation).
 */
export function ProvenanceView({
  provenance,
  holder,
  finding,
  links = false,
}: {
  provenance: unknown;
  /** The `sources` text of older callers: no longer shown (the chains say the same, readably). */
  sources?: string;
  holder?: string;
  finding?: FindingHeader;
  links?: boolean;
}) {
  const translate = useTranslate();
  const matches = parseProvenance(provenance);
  const { roles, profiles } = originsOf(matches);
  const holderName = finding?.holder ?? holder;
  const holderKind = finding?.level === 'ROLE' ? 'role' : finding?.level === 'PROFILE' ? 'profile' : 'user';
  const holderStep: SourceStep | undefined = holderName ? { kind: holderKind, name: holderName } : undefined;
  // Across systems the views (one system period's users and roles) cannot open a `SID/NAME` yet: names stay text.
  const crossSystem = matches.some((m) => m.system);
  const linkSteps = links && !crossSystem;
  /**
   * The first step of a function's paths: across systems the person's user in the function's
   * system (the person is no SAP user), or the role or profile without its `SID/` (the prefix says it).
   */
  const holderIn = (m: FunctionMatch): SourceStep | undefined => {
    if (!m.system || !holderStep) return holderStep;
    if (m.user) return { kind: 'user', name: m.user };
    const prefix = `${m.system}/`;
    return holderStep.name.startsWith(prefix) ? { ...holderStep, name: holderStep.name.slice(prefix.length) } : holderStep;
  };
  return (
    <Box data-testid="provenance">
      {finding?.riskId && (
        <Box sx={{ mb: 1 }} data-testid="drill-header">
          <Typography variant="subtitle1" component="div">
            <Box component="span" sx={{ fontWeight: 600 }}>{finding.riskId}</Box>
            {finding.riskDescription ? ` — ${finding.riskDescription}` : ''}
          </Typography>
          {holderStep && (
            <Typography variant="body2" component="div">
              {translate('segra.analysis.fields.holder')}:{' '}
              <ViewLink step={holderStep} links={linkSteps}>
                <Box component="span" sx={{ fontWeight: 600 }}>{holderStep.name}</Box>
              </ViewLink>
              {finding.holderName ? ` — ${finding.holderName}` : ''}
            </Typography>
          )}
          {finding.orgValues && finding.orgValues.length > 0 && (
            <Typography variant="body2" component="div">
              {translate('segra.analysis.drill.org_values')}: {finding.orgValues.join(', ')}
            </Typography>
          )}
        </Box>
      )}
      {(roles.length > 0 || profiles.length > 0) && (
        <Flex direction="row" gap={1} flexWrap="wrap" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle2">{translate('segra.analysis.provenance.caused_by')}</Typography>
          {roles.map((r) =>
            linkSteps ? (
              <Chip
                key={`r-${r}`}
                size="small"
                color="primary"
                clickable
                component={RouterLink}
                to={holderViewLink('role', r)}
                onClick={(e: React.MouseEvent) => e.stopPropagation()}
                label={`${translate('segra.analysis.source_kind.role')} ${r}`}
              />
            ) : (
              <Chip key={`r-${r}`} size="small" color="primary" label={`${translate('segra.analysis.source_kind.role')} ${r}`} />
            ),
          )}
          {profiles.map((p) => (
            <Chip key={`p-${p}`} size="small" color="secondary" label={`${translate('segra.analysis.source_kind.profile')} ${p}`} />
          ))}
        </Flex>
      )}
      {matches.length === 0 && <Typography variant="body2">{translate('segra.analysis.provenance.none')}</Typography>}
      {matches.map((m) => (
        <Box key={m.functionId} sx={{ mb: 1.5 }} data-testid="drill-function">
          <Typography variant="subtitle2" component="div">
            {translate('segra.analysis.provenance.function')} {m.functionId}
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              {' · '}
              {translate('segra.analysis.provenance.action')}: {m.action ?? translate('segra.analysis.provenance.no_action')}
            </Box>
          </Typography>
          {m.system && <FunctionSystem match={m} />}
          <Box sx={{ pl: 1, mb: 0.5 }}>
            {m.sources.length === 0 && (m.system ? <SystemPrefix system={m.system} /> : '—')}
            {m.sources.map((path, i) => (
              <SourceChain key={i} path={path} holder={holderIn(m)} links={linkSteps} system={m.system} />
            ))}
          </Box>
          {m.permissions.length > 0 ? (
            <Table size="small" data-testid="drill-permissions" sx={{ width: 'auto', minWidth: 480, '& td, & th': { py: 0.25, pr: 3 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('segra.analysis.drill.object')}</TableCell>
                  <TableCell>{translate('segra.analysis.drill.auth')}</TableCell>
                  <TableCell>{translate('segra.analysis.drill.source')}</TableCell>
                  <TableCell>{translate('segra.analysis.drill.field')}</TableCell>
                  <TableCell>{translate('segra.analysis.drill.values')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {m.permissions.flatMap((p, pi) => {
                  const fields = Object.entries(p.fields);
                  const rows = fields.length > 0 ? fields : [['—', []] as [string, string[]]];
                  return rows.map(([field, values], fi) => (
                    <TableRow key={`${pi}-${field}`} data-testid="drill-permission-row">
                      {fi === 0 && (
                        <>
                          <TableCell rowSpan={rows.length} sx={{ fontFamily: 'monospace' }}>{p.object}</TableCell>
                          <TableCell rowSpan={rows.length} sx={{ fontFamily: 'monospace' }}>{p.auth}</TableCell>
                          <TableCell rowSpan={rows.length}>
                            <SystemPrefix system={m.system} />
                            <Step step={sourceStep(p.source)} links={linkSteps} />
                          </TableCell>
                        </>
                      )}
                      <TableCell sx={{ fontFamily: 'monospace' }}>{field}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>
                        {values.length === 0 ? '—' : values.map((v) => (v === '' ? translate('segra.analysis.drill.blank') : v)).join(', ')}
                      </TableCell>
                    </TableRow>
                  ));
                })}
              </TableBody>
            </Table>
          ) : (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ pl: 1 }}>
              {translate('segra.analysis.drill.no_permissions')}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

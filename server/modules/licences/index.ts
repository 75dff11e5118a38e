export {
  canonicalJson,
  signLicence,
  verifyLicence,
  parsePublicKey,
  type LicenceFile,
  type LicencePayload,
} from './licence-signature.ts';
export { licenceRoutes, licencesResource } from './licences-resource.ts';
export { analysisInEvaluation, assertSystemAllowed, assertUserSeat, licenceCounts, licenceState } from './licence-state.ts';

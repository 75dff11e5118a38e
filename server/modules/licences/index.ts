export {
  canonicalJson,
  signLicence,
  verifyLicence,
  parsePublicKey,
  type LicenceFile,
  type LicencePayload,
} from './licence-signature.ts';
export { isInstallationLicensed, licenceCounts, licenceRoutes, licencesResource } from './licences-resource.ts';

export {
  generateLandscape,
  writeRulesetFiles,
  extractHeader,
  type GenerateLandscapeOptions,
  type GenerateLandscapeResult,
  type LandscapeSize,
} from './landscape.ts';
export { SIZES } from './plan.ts';
export { denseRuleset } from './dense-ruleset.ts';

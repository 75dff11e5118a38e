export {
  generateLandscape,
  extractHeader,
  type GenerateLandscapeOptions,
  type GenerateLandscapeResult,
  type LandscapeSize,
} from './landscape.ts';
export { SIZES } from './plan.ts';

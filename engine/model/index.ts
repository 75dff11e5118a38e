export * from './dates.ts';
export * from './extract.ts';
export * from './role-authorisation-columns.ts';
export * from './ruleset.ts';
export * from './analysis.ts';
export * from './controls.ts';

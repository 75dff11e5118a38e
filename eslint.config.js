import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The one-way floors of DESIGN.md 2: src → engine, server → engine, engine → nothing of ours.
// A relative import that climbs out of its folder into a forbidden top-level folder is an error
// (tests/unit/floors/lint-floors.test.ts plants one of each so this guard cannot rot).
// `import()` too, through a selector (its regex may hold no "/": \x2F stands for it).
const into = (...dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;
const floor = (files, dirs, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: into(...dirs), message }] }],
    'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${into(...dirs).replaceAll('/', '\\x2F')}/]`, message }],
  },
});
const FLOORS = [
  floor(['engine/**'], ['server', 'src', 'bin', 'generator', 'contracts', 'tests'], 'The engine imports nothing of ours (DESIGN.md 2).'),
  floor(['src/**'], ['server', 'bin'], 'The front end never imports the server: shared code lives in engine/ or contracts/ (DESIGN.md 2).'),
  floor(['server/**'], ['src'], 'The server never imports the front end: shared code lives in engine/ or contracts/ (DESIGN.md 2).'),
  floor(['contracts/**'], ['server', 'src', 'bin', 'generator', 'tests'], 'contracts/ is shared by server and front end: it imports only engine/ (DESIGN.md 2).'),
  floor(['generator/**'], ['src'], 'The generator is used by the server, the demo and the bench: it never imports the front end.'),
];

export default tseslint.config(
  { ignores: ['dist/', '.compiled/', '.compiled.building-*/', 'node_modules/', '.cache/', 'data/', 'test-results/', 'docs/abap/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['bin/**/*.js', '*.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', performance: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...FLOORS,
);

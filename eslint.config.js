// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layers of `src/`, lowest first. A module may import from its own layer's folder and
 * from lower layers, never from a higher one; folders of one layer stay apart (the
 * economics and trade domains do not import each other, nor sample and ingest).
 */
const LAYERS = [
  ['errors', 'settings', 'text', 'json-bytes', 'values', 'secrets'],
  ['reference'],
  ['store'],
  ['economics', 'trade'],
  ['datasets', 'log'],
  ['sample', 'ingest'],
  ['http', 'access'],
  ['operations', 'dashboard'],
  ['sdmx-rest', 'mcp'],
  ['app', 'startup'],
  ['main', 'cli'],
];

/** Matches an import specifier that reaches the `src/` folder or top-level module `name`. */
const target = (name) => `^(\\.\\./)*(\\./)?${name}(/|\\.js$)`;

function layerRules() {
  return LAYERS.flatMap((layer, rank) =>
    layer.map((name) => {
      const above = LAYERS.slice(rank + 1).flat();
      const siblings = layer.filter((n) => n !== name);
      const forbidden = [...above, ...siblings];
      return {
        files: [`src/${name}/**/*.ts`, `src/${name}.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: forbidden.map((f) => ({
                regex: target(f),
                message: `${name} is below ${f} in the layers of src/ (see eslint.config.js): it must not import it.`,
              })),
            },
          ],
        },
      };
    }),
  );
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'client/dist/**', 'client/src/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/max-params': ['error', { max: 3 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify hooks and interface implementations are async without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      'max-len': ['error', { code: 120, ignoreUrls: false, ignoreStrings: false, ignoreTemplateLiterals: false }],
    },
  },
  {
    // Test files are excluded: a describe block groups cases, it is not a function to read.
    files: ['src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  ...layerRules(),
  {
    // Tests read JSON answers whose shape the assertions check: `any` there is the point.
    files: ['test/**/*.ts', 'src/**/*.test.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Row types of ad-hoc test queries are asserted where read.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-tools/',
      'build/',
      'node_modules/',
      'coverage/',
      'bench/results/',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // An operation folder imports shared modules (src/lib, src/http) and its own files, never
  // another operation folder.
  ...['triggers', 'searches', 'creates', 'hooks'].map((folder, _, folders) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: folders.filter((other) => other !== folder).map((other) => `../${other}/*`) },
      ],
    },
  })),
  // src/lib sits below src/http: the HTTP layer imports it, never the other way.
  {
    files: ['src/lib/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../http/*', '../*/*'] }] },
  },
  prettier,
);

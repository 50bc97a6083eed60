/** Integration tests run against the real PostgreSQL; each file clones a migrated template database. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/src/**/*.spec.ts', '<rootDir>/domain/**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  setupFiles: ['<rootDir>/test/support/env.ts'],
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 3 : '50%',
};

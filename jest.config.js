// Four projects: fast unit tests of pure logic; medium tests of real services and query objects on a
// fresh PostgreSQL database without booting the app; e2e tests that boot the real app on a fresh
// PostgreSQL database and real Redis against fake platform servers; and browser tests that walk
// the cabinet in Chromium against the same app (npm test runs them last, after ensure-chromium).
module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/fakes/**/*.spec.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
    },
    {
      displayName: 'medium',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'],
      // Full type information: the entities' column types come from decorator metadata.
      transform: { '^.+\\.ts$': 'ts-jest' },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      // The swagger plugin needs the type checker, so e2e files are compiled with full type information.
      transform: {
        '^.+\\.ts$': ['ts-jest', { astTransformers: { before: ['<rootDir>/test/swagger-transformer.js'] } }],
      },
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      transform: {
        '^.+\\.ts$': ['ts-jest', { astTransformers: { before: ['<rootDir>/test/swagger-transformer.js'] } }],
      },
    },
  ],
};

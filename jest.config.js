// Three projects: fast unit tests of pure logic, e2e tests that boot the real app on a fresh
// PostgreSQL database and real Redis against fake platform servers, and browser tests that walk
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

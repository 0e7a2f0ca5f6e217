// Two projects: fast unit tests of pure logic, and e2e tests that boot the real app on
// a fresh PostgreSQL database and real Redis against fake platform servers.
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
  ],
};

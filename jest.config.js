// Two projects: fast unit tests of pure logic, and e2e tests that boot the real app on
// a fresh PostgreSQL database and real Redis against fake platform servers.
const swaggerPlugin = {
  path: '@nestjs/swagger/plugin',
  options: { introspectComments: true, classValidatorShim: true, dtoFileNameSuffix: ['.dto.ts'] },
};

module.exports = {
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
      transform: { '^.+\\.ts$': ['ts-jest', { astTransformers: { before: [swaggerPlugin] } }] },
      testTimeout: 60000,
    },
  ],
};

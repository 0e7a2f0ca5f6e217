// Six projects, run as tiers by test/run-tiers.js (npm test):
// - unit: pure logic, in jest's workers;
// - medium: real services and query objects on a fresh PostgreSQL database, without booting the app;
// - e2e: the real app on a fresh database and real Redis against fake platforms, files side by side;
// - e2e-processes: the e2e files that spawn processes or stop a PostgreSQL or Redis of their own, one at a time;
// - e2e-clock: the e2e files that hold the machine to a clock, one at a time and alone;
// - browser: the cabinet in Chromium against the same app.
// Tests are transpiled without type checking (`npm run check` checks types once). The medium, e2e and browser
// tiers run the service as `nest build` compiled it (dist/, with the swagger plugin's metadata): their imports
// of src/ and migrations/ resolve to dist/, and the global setup builds it when src/ is newer.

/** E2e files that start processes or stop a store: one at a time, so two of them never pile up on two cores. */
const PROCESS_E2E = [
  'broadcasts-redis-loss', // a private Redis stopped and started
  'faults-postgres', // a private PostgreSQL stopped and started
  'faults-redis', // a private Redis stopped and started
  'fleet', // built instances as processes
  'fuzz', // a built process, its memory measured
  'ingest-kill', // kill -9 of a built process
  'migrations', // built processes migrating one database together
  'message-partitions', // 300,000 messages copied into monthly partitions while four connections write
  'platform', // a built process's lifecycle
  'replica', // a private PostgreSQL and its streaming replica, the replica stopped and started
  'process-roles', // api and worker processes
  'webhooks-faults', // kill -9 of a built process mid-delivery; a private Redis restarted empty
];

/** E2e files whose assertions are about time: alone, so no other file's load moves their clocks. */
const CLOCK_E2E = [
  'broadcast-pacing', // at most N sends in any one-second window, and how long N take
  'broadcast-outcomes', // an A/B test's clicks land within its (shortened) minutes before the winner is chosen
  'broadcasts-resume', // instances stopped and killed mid-broadcast, still at most 10 sends a second
  'fleet-changes', // built instances as processes, changes held to one second
  'shutdown', // SIGTERM with requests in flight, the grace timed
];

const transpileOnly = { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };

const onBuiltService = {
  testEnvironment: 'node',
  transform: transpileOnly,
  moduleNameMapper: {
    '^(?:\\.\\./)+src/(.*)$': '<rootDir>/dist/src/$1',
    '^(?:\\.\\./)+migrations(.*)$': '<rootDir>/dist/migrations$1',
  },
  setupFiles: ['<rootDir>/test/support/source-maps.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

const e2eFiles = (names) => names.map((name) => `<rootDir>/test/e2e/${name}.e2e-spec.ts`);

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/fakes/**/*.spec.ts'],
      transform: transpileOnly,
    },
    { displayName: 'medium', ...onBuiltService, testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'] },
    {
      displayName: 'e2e',
      ...onBuiltService,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: [
        '/node_modules/',
        ...[...PROCESS_E2E, ...CLOCK_E2E].map((name) => `/test/e2e/${name}\\.e2e-spec\\.ts$`),
      ],
    },
    { displayName: 'e2e-processes', ...onBuiltService, testMatch: e2eFiles(PROCESS_E2E) },
    { displayName: 'e2e-clock', ...onBuiltService, testMatch: e2eFiles(CLOCK_E2E) },
    {
      displayName: 'browser',
      ...onBuiltService,
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/browser/support/global-setup.ts',
    },
  ],
};

// The direction of imports between the top-level folders of src/, checked by `npm run deps:check` (in `npm run check`).
// Tiers from the bottom up (docs/architecture.md, "Layers"): a folder imports the folders of the tiers below its
// own, and in its own tier those listed before it; so no two folders can ever import each other, directly or
// around a cycle. Type-only imports and spec files count: a cycle of types is still a cycle to read.
// A new folder goes into a tier here; the check fails until it has one.
const TIERS = [
  ['foundation', ['config', 'logging', 'metrics', 'lifecycle', 'database', 'queue', 'mail', 'common', 'exports']],
  ['accounts, access and platforms', ['auth', 'api-keys', 'billing', 'audit', 'support', 'account', 'platforms']],
  ['bots', ['bots', 'teams']],
  ["bots' traffic", ['ingest', 'polling', 'mirror', 'proxy', 'messaging', 'live', 'links']],
  [
    'reading and acting',
    ['avatars', 'contacts', 'analytics', 'revenue', 'intents', 'funnels', 'broadcasts', 'bot-health'],
  ],
  [
    'across the features, and running the service',
    ['erasure', 'webhooks', 'admin', 'cleanup', 'fleet', 'health', 'cabinet'],
  ],
];

const ORDER = TIERS.flatMap(([, folders]) => folders);
const anyOf = (folders) => `^src/(${folders.join('|')})/`;

module.exports = {
  forbidden: [
    ...ORDER.slice(0, -1).map((folder, rank) => ({
      name: `tiers: ${folder}`,
      severity: 'error',
      comment: `src/${folder} imports only the folders before it in TIERS (.dependency-cruiser.cjs; docs/architecture.md, "Layers")`,
      from: { path: `^src/${folder}/` },
      to: { path: anyOf(ORDER.slice(rank + 1)) },
    })),
    {
      name: 'tiers: every folder',
      severity: 'error',
      comment: 'every top-level folder of src/ has its place in TIERS',
      from: { path: '^src/[^/]+/', pathNot: anyOf(ORDER) },
      to: {},
    },
    {
      name: 'tiers: the root on top',
      severity: 'error',
      comment: 'src/*.ts compose the app from the folders; a folder never imports them',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
  ],
  options: {
    includeOnly: '^src/',
    // Type-only imports and `export … from` are dependencies too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

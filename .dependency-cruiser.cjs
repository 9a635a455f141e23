/**
 * The import rules of the tree (docs/architecture.md, "Layout"). Data flows one way:
 * entries → provider → spec adapters → model → pool (the socket transport) / http; no cycles,
 * type-only imports included; nothing reaches up a layer; the product never imports testing/.
 * test/lint/dependency-rules.test.ts plants a cycle and an upward import to show these fail.
 */
const MODEL_ROOT = '^src/model/[^/]+\\.ts$';
const MODEL_LEAVES = '^src/model/provider-tools\\.ts$';
const TYPES = '^src/types/';
const UTIL = '^src/util/';

/** `from` may import nothing under src/ but its own folder, `allowed` and util/. */
const onlyImports = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: '^src/', pathNot: [...allowed, UTIL, from] },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle, type-only imports included: every layer can be read on its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'types-import-nothing',
      comment:
        'src/types/ is the shared vocabulary of every layer; it depends on nothing else of ours.',
      severity: 'error',
      from: { path: '^src/types/' },
      to: { pathNot: '^src/types/' },
    },
    {
      name: 'util-is-a-leaf',
      comment: 'src/util/ holds small helpers every layer may use; they import nothing of ours.',
      severity: 'error',
      from: { path: '^src/util/' },
      to: { path: '^src/', pathNot: '^src/util/' },
    },
    {
      name: 'product-never-imports-testing',
      comment: 'The mock server ships as its own entry (ai-sdk-openai-ws/testing).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(testing/|testing\\.ts$)' },
      to: { path: '^src/testing/' },
    },
    onlyImports(
      'pool-is-transport',
      'The socket transport knows nothing of the model, the AI SDK or the neutral types.',
      '^src/pool/',
      [],
    ),
    {
      name: 'pool-uses-only-ws',
      comment: 'The socket transport needs only the ws package (and the runtime).',
      severity: 'error',
      from: { path: '^src/pool/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg'],
        pathNot: 'node_modules/(@types/)?ws/',
      },
    },
    onlyImports(
      'http-is-transport',
      'The HTTP fallback transport knows nothing of the model.',
      '^src/http/',
      [TYPES],
    ),
    onlyImports(
      'convert-is-a-leaf-of-model',
      'Prompt conversion needs only the neutral types.',
      '^src/convert/',
      [TYPES],
    ),
    onlyImports(
      'adapters-see-only-the-model',
      'Spec adapters convert types around the neutral model: its root files are their whole view (no pool, no sockets, no internals).',
      '^src/spec/',
      [TYPES, MODEL_ROOT],
    ),
    {
      name: 'model-below-the-adapters',
      comment: 'The model never imports an adapter, the provider or an entry.',
      severity: 'error',
      from: { path: '^src/(model|convert|pool|http)/' },
      to: { path: '^src/(spec/|[^/]+\\.ts$)' },
    },
    {
      name: 'model-steps-never-reach-the-model-root',
      comment:
        'request/, chain/, turn/ and events/ serve the model root, never the other way round.',
      severity: 'error',
      from: { path: '^src/model/[^/]+/' },
      to: { path: MODEL_ROOT, pathNot: MODEL_LEAVES },
    },
    {
      name: 'turn-is-above-chain-request-events',
      comment: 'A turn uses the chain, the request and the event mapper; none of them knows turns.',
      severity: 'error',
      from: { path: '^src/model/(chain|request|events)/' },
      to: { path: '^src/model/turn/' },
    },
    {
      name: 'chain-is-above-request-and-events',
      comment: 'The delta rule reads requests and mapped parts; neither knows about chains.',
      severity: 'error',
      from: { path: '^src/model/(request|events)/' },
      to: { path: '^src/model/chain/' },
    },
    {
      name: 'request-knows-no-events',
      comment: 'Building a request and mapping events share only the provider-tool table.',
      severity: 'error',
      from: { path: '^src/model/request/' },
      to: { path: '^src/model/events/' },
    },
    {
      name: 'events-know-no-request',
      comment:
        'The event mapper reads server events and the call tools, never the request builder.',
      severity: 'error',
      from: { path: '^src/model/events/' },
      to: { path: '^src/model/request/' },
    },
    {
      name: 'only-turns-touch-transports',
      comment: 'Of the model, only turn/ talks to sockets and HTTP.',
      severity: 'error',
      from: { path: '^src/model/', pathNot: '^src/model/turn/' },
      to: { path: '^src/(pool|http)/' },
    },
    {
      name: 'provider-below-the-entries',
      comment: 'src/provider.ts wires pool, heads and model; the entries pick the adapter.',
      severity: 'error',
      from: { path: '^src/provider\\.ts$' },
      to: { path: '^src/(spec/|index\\.ts|v3\\.ts|v4\\.ts|testing)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};

import { copyFile, mkdir } from 'node:fs/promises';
import { defineConfig } from 'tsup';
import { BUNDLED_RECORDINGS, RECORDING_SUFFIX } from './src/testing/recordings';

export default defineConfig({
  entry: { index: 'src/index.ts', v3: 'src/v3.ts', v4: 'src/v4.ts', testing: 'src/testing.ts' },
  format: ['esm', 'cjs'],
  // Spec types come from aliased @ai-sdk/provider majors; inline them so the published
  // declarations are self-contained and consumers never need the aliases.
  dts: { resolve: ['@ai-sdk/provider-v2', '@ai-sdk/provider-v4'] },
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: true,
  treeshake: true,
  // `/testing` finds its bundled recordings beside its own module: `import.meta.url` in CommonJS too.
  shims: true,
  onSuccess: copyRecordings,
});

/** The recordings `/testing` replays by name ship in `dist/recordings/` (see NOTICE). */
async function copyRecordings(): Promise<void> {
  await mkdir('dist/recordings', { recursive: true });
  for (const name of BUNDLED_RECORDINGS) {
    const file = `${name}${RECORDING_SUFFIX}`;
    await copyFile(`test/fixtures/openai-recorded/${file}`, `dist/recordings/${file}`);
  }
}

import { defineConfig } from 'tsup';

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
});

// Proves the published declarations are self-contained: every package a dist/*.d.ts or *.d.cts
// imports must be one a consumer gets by installing this package, so never one of this
// repository's npm aliases (`@ai-sdk/provider-v2`, `@ai-sdk/provider-v4`). Run after the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
// Imported by @ai-sdk/provider's own declarations, which tsup inlines with the V2/V4 types; it is a
// dependency of @ai-sdk/provider, so every consumer has it (as every AI SDK user does).
const transitive = new Set(['json-schema']);

const dist = join(root, 'dist');
const files = readdirSync(dist).filter((file) => /\.d\.c?ts$/.test(file));
if (files.length === 0) throw new Error('dist/ holds no declarations: run `npm run build` first');

const problems = [];
for (const file of files) {
  const text = readFileSync(join(dist, file), 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    if (specifier.startsWith('.')) continue;
    const name = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : specifier.split('/')[0];
    if (name.startsWith('@ai-sdk/provider-v'))
      problems.push(`${file}: imports the npm alias ${specifier}`);
    else if (!dependencies.has(name) && !transitive.has(name) && !name.startsWith('node:')) {
      problems.push(`${file}: imports ${specifier}, which is not a runtime dependency`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Published declarations are not self-contained:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`${files.length} declaration files checked: no npm alias, only runtime dependencies.`);

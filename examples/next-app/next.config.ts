import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const here = dirname(fileURLToPath(import.meta.url));

const nextConfig: NextConfig = {
  // Load these from node_modules at run time instead of bundling them into server code:
  // - `ws` has optional native add-ons (bufferutil, utf-8-validate) that it requires inside
  //   try/catch; a bundler turns those into build warnings or broken stubs.
  // - `ai-sdk-openai-ws` keeps one socket pool per process; one unbundled copy, shared by every
  //   route and server action, keeps the sockets (and the delta savings) in one place.
  serverExternalPackages: ['ws', 'ai-sdk-openai-ws'],
  // This example sits inside the library's repository, which has a lockfile of its own; pin
  // the app root so that Next.js does not pick the repository root. A standalone app needs
  // neither line.
  turbopack: { root: here },
  outputFileTracingRoot: here,
};

export default nextConfig;

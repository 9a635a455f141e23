// The benchmark's sections, in report order: one line each. `module` is a file in this folder
// (see lib/section.mjs for what it exports); `options` go to its measure() and render(), so one
// module can run in several variants: the end-to-end section once per network profile, the scale
// section with lanes off and on (`options.provider` is merged into the provider settings; the
// scale section renders its variants side by side).
export const SECTIONS = [
  { id: 'event-pace', module: 'event-pace' },
  { id: 'per-step', module: 'per-step' },
  { id: 'end-to-end-loopback', module: 'end-to-end', options: { profile: 'loopback' } },
  { id: 'end-to-end-wan', module: 'end-to-end', options: { profile: 'wan' } },
  { id: 'multi-instance', module: 'multi-instance' },
  { id: 'scale', module: 'scale' },
  { id: 'scale-lanes-32', module: 'scale', options: { provider: { pool: { lanes: 32 } } } },
];

// The benchmark's sections, in report order: one line each. `module` is a file in this folder
// (see lib/section.mjs for what it exports); `options` go to its measure() and render(), so one
// module can run in several variants, e.g. the scale section with an extra provider setting:
//   { id: 'scale-lanes-4', module: 'scale', options: { provider: { pool: { lanes: 4 } } } },
export const SECTIONS = [
  { id: 'event-pace', module: 'event-pace' },
  { id: 'per-step', module: 'per-step' },
  { id: 'end-to-end-loopback', module: 'end-to-end', options: { profile: 'loopback' } },
  { id: 'end-to-end-wan', module: 'end-to-end', options: { profile: 'wan' } },
  { id: 'scale', module: 'scale' },
];

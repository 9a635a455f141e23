// The type-test tsconfigs map `@ai-sdk/provider-v2` and `@ai-sdk/provider-v4` (this repository's
// npm aliases) here, because a consumer never has those packages. This module exports nothing:
// a published declaration that imported a spec type from an alias would get an error type, and
// the consumers' exact-type assertions (`Equal<…>`, `@ts-expect-error`) would fail.
export {};

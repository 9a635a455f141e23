// The type-test tsconfigs map `@ai-sdk/provider-v2` and `@ai-sdk/provider-v4` (this repository's
// npm aliases) here. A consumer never has those packages, so the published declarations must not
// import them: if one does, this file joins the program and its deliberate error fails the check.
const publishedTypesImportAnAlias: never = 'dist/*.d.ts imports @ai-sdk/provider-v2 or -v4';

export default publishedTypesImportAnAlias;

/**
 * Spec-neutral types of the core.
 *
 * The core never imports an AI SDK spec (`LanguageModelV2/V3/V4`). These types are shaped like
 * the V3 spec (the middle of the three), plus the few V4 additions the events give (custom parts,
 * preliminary tool results), so the V3 adapter is nearly the identity and the V2 / V4 adapters
 * only convert the few places where their spec differs. The files of this folder import nothing
 * else of the package.
 */

export type * from './call-metadata';
export type * from './call-options';
export type * from './json';
export type * from './prompt';
export type * from './results';

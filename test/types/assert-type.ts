/** `true` only when A and B are the same type (`any` equals nothing but `any`). */
export type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when T is `true`. */
export type Expect<T extends true> = T;

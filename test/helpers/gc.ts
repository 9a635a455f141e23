import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Tests that check what is collected need the collector at hand, whatever flags vitest ran with.
setFlagsFromString('--expose-gc');

/** A full garbage collection. */
export const gc = runInNewContext('gc') as () => void;

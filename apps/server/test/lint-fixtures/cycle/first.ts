// Half of an import cycle, linted only by test/lint-rules.test.ts.
import { second } from './second.js';

export const first = (): number => second() + 1;
